package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.backfill.BackfillRequest;
import io.sluice.runs.MaterializationMode;
import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchFormTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void aBackfillTakesTheRangesAndKeysOfThePartitionsFieldAndTheThrottling() {
        LaunchForm form = LaunchForm.read(
                List.of("raw/form_adv_filings"),
                "FULL_REFRESH",
                "",
                "2001-01-01...2001-12-31, 2024-02-29",
                "{\"firms\": 7}",
                " history ",
                "30",
                "2",
                MAPPER);
        BackfillRequest b = form.backfill();
        assertThat(b.ranges()).containsExactly(new BackfillRequest.Range("2001-01-01", "2001-12-31"));
        assertThat(b.partitions()).containsExactly("2024-02-29");
        assertThat(b.mode()).isEqualTo(MaterializationMode.FULL_REFRESH);
        assertThat(b.partitionsPerRun()).isEqualTo(30);
        assertThat(b.maxConcurrent()).isEqualTo(2);
        assertThat(b.config()).containsEntry("firms", 7);
        assertThat(b.reason()).isEqualTo("history");
        assertThat(b.launchedBy()).isEqualTo("web-ui");
    }

    @Test
    void theModeIsReadAsTheApiReadsIt() {
        assertThat(LaunchForm.read(List.of(), " single_key ", "1", "", "", "", "", "", MAPPER)
                        .mode())
                .isEqualTo(MaterializationMode.SINGLE_KEY);
        assertThatThrownBy(() -> LaunchForm.read(List.of(), "FAST", null, null, null, null, null, null, MAPPER))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("mode"));
    }

    @Test
    void emptyFieldsTakeTheDefaultsAndUnreadableOnesNameTheField() {
        LaunchForm form = LaunchForm.read(null, "", "", "", "", "", "", "", MAPPER);
        assertThat(form.mode()).isEqualTo(MaterializationMode.INCREMENTAL);
        assertThat(form.partitionsPerRun()).isEqualTo(1);
        assertThat(form.maxConcurrent()).isZero();
        assertThat(form.reason()).isNull();
        assertThatThrownBy(() -> LaunchForm.read(List.of(), null, null, null, "[1", null, null, null, MAPPER))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("config"));
        assertThatThrownBy(() -> LaunchForm.read(List.of(), null, null, null, null, null, "many", null, MAPPER))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("partitionsPerRun"))
                .hasMessageContaining("not a whole number: many");
    }

    @Test
    void aBackfillsProblemFieldIsTheFormFieldItStandsFor() {
        assertThat(LaunchForm.formField("ranges[0].start")).isEqualTo("partitions");
        assertThat(LaunchForm.formField("partitions[3]")).isEqualTo("partitions");
        assertThat(LaunchForm.formField("keys")).isEqualTo("keys");
        assertThat(LaunchForm.formField(null)).isNull();
    }
}
