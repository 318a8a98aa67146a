package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.backfill.BackfillRequest;
import io.sluice.catalog.ConfigSchema;
import io.sluice.runs.MaterializationMode;
import io.sluice.testing.TestAssets;
import java.util.List;
import java.util.Map;
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

    @Test
    void theRangePickerAddsARangeAndWantsBothEnds() {
        assertThat(LaunchForm.partitionsWithRange("", "2024-01-01", "2024-01-31"))
                .isEqualTo("2024-01-01...2024-01-31");
        assertThat(LaunchForm.partitionsWithRange("2023-12-31", "2024-01-01", "2024-01-01"))
                .isEqualTo("2023-12-31, 2024-01-01");
        assertThat(LaunchForm.partitionsWithRange("2023-12-31", " ", null)).isEqualTo("2023-12-31");
        assertThatThrownBy(() -> LaunchForm.partitionsWithRange("", "2024-01-01", ""))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("to"));
        assertThatThrownBy(() -> LaunchForm.partitionsWithRange("", null, "2024-01-01"))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("from"));
    }

    @Test
    void theCurlCommandIsTheApiCallOfTheFormQuotedForTheShell() {
        LaunchForm single = LaunchForm.read(
                List.of("transform/form_adv_firm_identity"),
                "SINGLE_KEY",
                "100001",
                "",
                "",
                "it's wrong",
                "",
                "",
                MAPPER);
        assertThat(CurlCommand.of(single, false, "http://localhost:8080/", MAPPER))
                .isEqualTo("curl -s -X POST 'http://localhost:8080/api/runs' -H 'Content-Type: application/json' -d "
                        + "'{\"assets\":[\"transform/form_adv_firm_identity\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"100001\"],"
                        + "\"reason\":\"it'\\''s wrong\"}'");
        LaunchForm range = LaunchForm.read(
                List.of("raw/form_adv_filings"),
                "",
                "",
                "2001-01-01...2001-12-31, 2024-02-29",
                "{\"firms\": 7}",
                "",
                "30",
                "",
                MAPPER);
        assertThat(CurlCommand.of(range, false, "http://h", MAPPER))
                .as("a run over a range is a single-run backfill")
                .contains("'http://h/api/backfills'")
                .contains("\"ranges\":[{\"start\":\"2001-01-01\",\"end\":\"2001-12-31\"}]")
                .contains("\"partitions\":[\"2024-02-29\"]")
                .contains("\"config\":{\"firms\":7}")
                .contains("\"singleRun\":true")
                .doesNotContain("partitionsPerRun");
        assertThat(CurlCommand.of(range, true, "http://h", MAPPER))
                .contains("\"partitionsPerRun\":30")
                .doesNotContain("singleRun");
    }

    @Test
    void theConfigFormHasAFieldPerSimplePropertyOfTheSchema() {
        Map<String, Object> schema =
                ConfigSchema.of(TestAssets.Flaky.Config.class, new TestAssets.Flaky.Config(false, 5));
        List<ConfigField> fields = ConfigField.of("g/n", schema);
        assertThat(fields).extracting(ConfigField::prop).containsExactly("fail", "attempts");
        assertThat(fields.get(0).input()).isEqualTo("select");
        assertThat(fields.get(0).options()).containsExactly("true", "false");
        ConfigField attempts = fields.get(1);
        assertThat(attempts.input()).isEqualTo("number");
        assertThat(attempts.kind()).isEqualTo("integer");
        assertThat(attempts.min()).isEqualTo("1");
        assertThat(attempts.max()).isEqualTo("10");
        assertThat(attempts.defaultValue()).isEqualTo("5");
        assertThat(attempts.hint()).isEqualTo("at least 1, at most 10, default 5");
        assertThat(attempts.domId()).isEqualTo("g--n--attempts");

        Map<String, Object> dated = new java.util.LinkedHashMap<>();
        dated.put("type", "object");
        dated.put(
                "properties",
                Map.of(
                        "through", Map.of("type", "string", "format", "date", "formatMinimum", "1900-01-01"),
                        "tags", Map.of("type", "array")));
        List<ConfigField> date = ConfigField.of("g/n", dated);
        assertThat(date)
                .as("a list is left to the JSON editor")
                .extracting(ConfigField::prop)
                .containsExactly("through");
        assertThat(date.get(0).input()).isEqualTo("date");
        assertThat(date.get(0).min()).isEqualTo("1900-01-01");
    }
}
