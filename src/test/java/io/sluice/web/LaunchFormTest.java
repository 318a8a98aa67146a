package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.backfill.BackfillRequest;
import io.sluice.catalog.ConfigSchema;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunRequest;
import io.sluice.runs.launch.PartitionSelection;
import io.sluice.testing.TestAssets;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LaunchFormTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aBackfillTakesTheRangesAndKeysOfThePartitionsFieldAndTheThrottling() {
        LaunchForm form = LaunchForm.read(
                List.of("raw/form_adv_filings"),
                "FULL_REFRESH",
                "",
                null,
                null,
                "2001-01-01...2001-12-31, 2024-02-29",
                "{\"firms\": 7}",
                " history ",
                "30",
                "2",
                MAPPER);
        BackfillRequest b = form.backfill(false, "dora");
        assertThat(b.ranges()).containsExactly(new BackfillRequest.Range("2001-01-01", "2001-12-31"));
        assertThat(b.partitions()).containsExactly("2024-02-29");
        assertThat(b.mode()).isEqualTo(MaterializationMode.FULL_REFRESH);
        assertThat(b.partitionsPerRun()).isEqualTo(30);
        assertThat(b.maxConcurrent()).isEqualTo(2);
        assertThat(b.config()).containsEntry("firms", 7);
        assertThat(b.reason()).isEqualTo("history");
        assertThat(b.launchedBy()).isEqualTo("dora");
    }

    @Test
    void theModeIsReadAsTheApiReadsIt() {
        assertThat(LaunchForm.read(List.of(), " single_key ", "1", "", "", "", "", "", "", "", MAPPER)
                        .mode())
                .isEqualTo(MaterializationMode.SINGLE_KEY);
        assertThatThrownBy(() ->
                        LaunchForm.read(List.of(), "FAST", null, null, null, null, null, null, null, null, MAPPER))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("mode"));
    }

    @Test
    void emptyFieldsTakeTheDefaultsAndUnreadableOnesNameTheField() {
        LaunchForm form = LaunchForm.read(null, "", "", "", "", "", "", "", "", "", MAPPER);
        assertThat(form.mode()).isEqualTo(MaterializationMode.INCREMENTAL);
        assertThat(form.partitionsPerRun()).isEqualTo(1);
        assertThat(form.maxConcurrent()).isZero();
        assertThat(form.reason()).isNull();
        assertThatThrownBy(
                        () -> LaunchForm.read(List.of(), null, null, null, null, null, "[1", null, null, null, MAPPER))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("config"));
        assertThatThrownBy(() ->
                        LaunchForm.read(List.of(), null, null, null, null, null, null, null, "many", null, MAPPER))
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
    void theRangePickerIsARangeOfItsOwnBeforeThePartitionsFieldAndWantsBothEnds() {
        LaunchForm form = form("2024-01-01", "2024-01-31", "2023-12-31, 2024-03-01...2024-03-05");
        assertThat(form.parts())
                .extracting(p -> p.where().name())
                .containsExactly(
                        "From/To 2024-01-01...2024-01-31",
                        "2023-12-31 in Partitions",
                        "2024-03-01...2024-03-05 in Partitions");
        assertThat(form.parts().get(0).where().startField()).isEqualTo("from");
        assertThat(form.parts().get(0).where().endField()).isEqualTo("to");
        assertThat(form.ranges())
                .containsExactly(
                        new RunRequest.Range("2024-01-01", "2024-01-31"),
                        new RunRequest.Range("2024-03-01", "2024-03-05"));
        assertThat(form.singleKeys()).containsExactly("2023-12-31");
        assertThat(form("2024-01-01", "2024-01-01", "").ranges())
                .containsExactly(new RunRequest.Range("2024-01-01", "2024-01-01"));
        assertThat(form(null, " ", "2023-12-31").anyPartitions()).isTrue();
        assertThat(form(null, null, "").anyPartitions()).isFalse();
        assertThatThrownBy(() -> form("2024-01-01", "", ""))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("to"));
        assertThatThrownBy(() -> form(null, "2024-01-01", ""))
                .isInstanceOfSatisfying(
                        LaunchForm.Invalid.class, e -> assertThat(e.field).isEqualTo("from"));
    }

    @Test
    void rangeErrorsAreNamedWhereTheyWereTypedFromToOrPartitions() {
        PartitionSpace days =
                TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).at(NOW);
        assertRefused(form("2024-13-01", "2024-01-31", ""), days, "from", "From: ");
        assertRefused(form("2024-01-01", "nope", ""), days, "to", "To: ");
        assertRefused(
                form("2024-02-01", "2024-01-01", ""), days, "to", "From/To 2024-02-01...2024-01-01 goes backwards");
        assertRefused(
                form("2024-01-01", "2024-01-31", "2024-01-20...2024-02-10"),
                days,
                "partitions",
                "2024-01-20...2024-02-10 in Partitions selects 2024-01-20...2024-01-31 (12 partitions), which From/To "
                        + "2024-01-01...2024-01-31 selects already");
        assertRefused(
                form("2024-01-01", "2024-01-31", "2024-01-05"),
                days,
                "partitions",
                "2024-01-05 in Partitions is selected already by From/To 2024-01-01...2024-01-31");
        assertRefused(
                form(null, null, "2024-03-01...2024-03-09, 2024-02-01...2024-03-02"),
                days,
                "partitions",
                "2024-02-01...2024-03-02 in Partitions selects 2024-03-01...2024-03-02 (2 partitions), which "
                        + "2024-03-01...2024-03-09 in Partitions selects already");
        assertRefused(form(null, null, "2024-02-30"), days, "partitions", "2024-02-30 in Partitions: ");
        assertThat(PartitionSelection.of(
                                form("2024-01-01", "2024-01-31", "2024-02-01...2024-02-02, 2023-12-31")
                                        .parts(),
                                TimeWindowPartitions.daily(LocalDate.of(2023, 1, 1))
                                        .at(NOW))
                        .count())
                .isEqualTo(34);
    }

    private static void assertRefused(LaunchForm form, PartitionSpace space, String field, String message) {
        assertThatThrownBy(() -> PartitionSelection.of(form.parts(), space))
                .isInstanceOfSatisfying(
                        RequestRejected.Invalid.class,
                        e -> assertThat(e.field()).isEqualTo(field))
                .hasMessageContaining(message)
                .hasMessageNotContaining("ranges[");
    }

    private static LaunchForm form(String from, String to, String partitions) {
        return LaunchForm.read(List.of("test/daily"), "", "", from, to, partitions, "", "", "", "", MAPPER);
    }

    @Test
    void theCurlCommandIsTheApiCallOfTheFormQuotedForTheShell() {
        LaunchForm single = LaunchForm.read(
                List.of("transform/form_adv_firm_identity"),
                "SINGLE_KEY",
                "100001",
                null,
                null,
                "",
                "",
                "it's wrong",
                "",
                "",
                MAPPER);
        assertThat(CurlCommand.of(single, false, "http://localhost:8080/", MAPPER, false))
                .isEqualTo("curl -s -X POST 'http://localhost:8080/api/runs' -H 'Content-Type: application/json' -d "
                        + "'{\"assets\":[\"transform/form_adv_firm_identity\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"100001\"],"
                        + "\"reason\":\"it'\\''s wrong\"}'");
        LaunchForm range = LaunchForm.read(
                List.of("raw/form_adv_filings"),
                "",
                "",
                "2001-01-01",
                "2001-12-31",
                "2024-02-29",
                "{\"firms\": 7}",
                "",
                "30",
                "",
                MAPPER);
        assertThat(CurlCommand.of(range, false, "http://h", MAPPER, false))
                .as("a run over a range is the run API's request, as Launch run sends it")
                .contains("'http://h/api/runs'")
                .contains("\"ranges\":[{\"start\":\"2001-01-01\",\"end\":\"2001-12-31\"}]")
                .contains("\"partitions\":[\"2024-02-29\"]")
                .contains("\"config\":{\"firms\":7}")
                .doesNotContain("singleRun")
                .doesNotContain("partitionsPerRun")
                .doesNotContain("Authorization");
        assertThat(CurlCommand.of(range, true, "http://h", MAPPER, true))
                .as("for a logged-in caller, with the token the shell holds")
                .contains("-H \"Authorization: Bearer $SLUICE_TOKEN\"")
                .contains("'http://h/api/backfills'")
                .contains("\"partitionsPerRun\":30")
                .doesNotContain("singleRun");
    }

    @Test
    void theAddUpstreamLinkKeepsTheFormAndKeysAOneAssetConfigByItsAsset() {
        LaunchForm form = LaunchForm.read(
                List.of("raw/form_adv_filings"),
                "FULL_REFRESH",
                "",
                "2022-01-01",
                "2023-09-06",
                "2024-02-29",
                "{\"firms\": 7}",
                "fill the gap",
                "30",
                "2",
                MAPPER);
        String href = LaunchLink.withAsset(form, "extract/form_adv_filings", MAPPER);
        assertThat(href)
                .startsWith("/launch?asset=extract%2Fform_adv_filings&asset=raw%2Fform_adv_filings&mode=FULL_REFRESH")
                .contains("&from=2022-01-01&to=2023-09-06&partitions=2024-02-29&reason=fill+the+gap")
                .contains("&config="
                        + URLEncoder.encode("{\"raw/form_adv_filings\":{\"firms\":7}}", StandardCharsets.UTF_8))
                .endsWith("&partitionsPerRun=30&maxConcurrent=2");
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
