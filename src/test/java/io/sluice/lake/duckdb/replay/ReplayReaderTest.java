package io.sluice.lake.duckdb.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a replay file: strict about types and ranges, and every problem said plainly in one line. */
class ReplayReaderTest {

    private static final String TABLE = """
            "table": {"key_columns": ["k"], "value_columns": ["v"], "date_column": "d"}""";

    @TempDir
    Path dir;

    @Test
    void a_fractional_after_batch_is_an_error_naming_the_field() {
        assertThatThrownBy(() -> read(TABLE + """
                , "batches": [{"rows": []}], "probes": [{"business_date": "2021-01-01", "after_batch": 1.5}]"""))
                .isInstanceOf(ReplayInputException.class)
                .hasMessageContaining("probes[0].after_batch: expected a whole number, found 1.5");
    }

    @Test
    void an_empty_file_says_so() {
        assertThatThrownBy(() -> readText("")).hasMessageEndingWith(": the file is empty");
        assertThatThrownBy(() -> readText(" \n")).hasMessageEndingWith(": the file is empty");
    }

    @Test
    void system_times_and_business_dates_outside_years_1_to_9999_are_rejected_when_read() {
        String range = "must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999Z";
        assertThatThrownBy(() -> read(TABLE + ", \"batches\": [{\"system_time\": \"+10000-01-01T00:00:00Z\"}]"))
                .hasMessageContaining("batches[0].system_time: " + range);
        assertThatThrownBy(() -> read(TABLE + ", \"batches\": [{}, {\"system_time\": \"0000-12-31T23:59:59Z\"}]"))
                .hasMessageContaining("batches[1].system_time: " + range);
        assertThatThrownBy(() -> read(TABLE + ", \"batches\": [{\"system_time\": \"0001-01-01T00:30:00+01:00\"}]"))
                .hasMessageContaining("batches[0].system_time: " + range);
        assertThatThrownBy(() -> read(TABLE + """
                , "batches": [{}], "probes": [{"business_date": "+10000-01-01", "after_batch": 1}]"""))
                .hasMessageContaining("probes[0].business_date: must be between 0001-01-01 and 9999-12-31");
        assertThatThrownBy(() -> read(TABLE + """
                , "batches": [{}], "probes": [{"business_date": "0000-12-31", "after_batch": 1}]"""))
                .hasMessageContaining("probes[0].business_date: must be between 0001-01-01 and 9999-12-31");
    }

    @Test
    void the_extreme_dates_themselves_are_accepted() {
        var replay = read(TABLE + """
                , "batches": [{"system_time": "0001-01-01T00:00:00Z"},
                              {"system_time": "9999-12-31T23:59:59.999999Z"}],
                  "probes": [{"business_date": "0001-01-01", "after_batch": 1},
                             {"business_date": "9999-12-31", "after_batch": 2}]""");
        assertThat(replay.steps()).hasSize(2);
        assertThat(replay.questions()).hasSize(2);
    }

    @Test
    void numbers_and_booleans_as_column_values_are_read_as_their_text_as_before() {
        var replay = read(TABLE + """
                , "batches": [{"rows": [{"k": true, "v": 10.50, "d": "2020-01-01"},
                                        {"k": "b", "v": 1e2, "d": null}]}]""");
        assertThat(replay.steps().get(0).rows().get(0))
                .containsEntry("k", "true")
                .containsEntry("v", "10.50");
        assertThat(replay.steps().get(0).rows().get(1))
                .containsEntry("v", "1e2")
                .containsEntry("d", null);
    }

    @Test
    void wrong_types_name_the_field_what_was_expected_and_what_was_found() {
        assertThatThrownBy(() -> read(TABLE + ", \"batches\": [{\"expect_error\": \"yes\"}]"))
                .hasMessageContaining("batches[0].expect_error: expected true or false, found the string \"yes\"");
        assertThatThrownBy(() -> read(TABLE + """
                , "batches": [{}], "probes": [{"business_date": "2021-01-01", "after_batch": "1"}]"""))
                .hasMessageContaining("probes[0].after_batch: expected a whole number, found the string \"1\"");
        assertThatThrownBy(() -> read("""
                "table": {"key_columns": "k", "value_columns": [], "date_column": "d"}, "batches": []"""))
                .hasMessageContaining("table.key_columns: expected an array, found the string \"k\"");
        assertThatThrownBy(() -> read(TABLE + ", \"batches\": [{\"rows\": [{\"k\": {\"a\": 1}}]}]"))
                .hasMessageContaining("batches[0].rows[0].k: expected a string or null, found an object");
        assertThatThrownBy(() -> read(TABLE + ", \"batches\": {}"))
                .hasMessageContaining("batches: expected an array, found an object");
        assertThatThrownBy(() -> read("\"table\": {\"key_columns\": [\"k\"], \"value_columns\": []}, \"batches\": []"))
                .hasMessageContaining("table.date_column: missing");
        assertThatThrownBy(() -> read("""
                "table": {"key_columns": ["k", null], "value_columns": [], "date_column": "d"}, "batches": []"""))
                .hasMessageContaining("table.key_columns[1]: expected a column name, found null");
    }

    @Test
    void a_syntax_error_says_where() {
        assertThatThrownBy(() -> readText("{\"table\": {\"key_columns\": [\"k\"]"))
                .hasMessageContaining("replay.json: invalid JSON (line 1, column 32): Unexpected end-of-input");
        assertThatThrownBy(() -> readText("{\"table\": {},\n \"batches\": []} []"))
                .hasMessageContaining("replay.json: unexpected content after the replay object (line 2, column 17)");
    }

    /** No Java class names, Jackson internals or redacted sources, whatever is wrong with the file. */
    @Test
    void every_message_is_plain_and_one_line() {
        List<String> files = List.of(
                "{\"table\": ",
                "{\"table\": {\"key_columns\": [\"k\"]",
                "[]",
                "\"replay\"",
                "{} {}",
                "{\"table\": 1} x",
                "{\"table\": \"t\", \"batches\": []}",
                "{\"table\": [], \"batches\": []}",
                "{" + TABLE + ", \"batches\": [[]]}",
                "{" + TABLE + ", \"batches\": [\"b\"]}",
                "{" + TABLE + ", \"batches\": [{\"rows\": [[\"a\"]]}]}",
                "{" + TABLE + ", \"batches\": [{\"rows\": [{\"k\": [\"a\"]}]}]}",
                "{" + TABLE + ", \"batches\": [{\"rows\": {}}]}",
                "{" + TABLE + ", \"batches\": [{\"system_time\": {}}]}",
                "{" + TABLE + ", \"batches\": [{\"system_time\": \"yesterday\"}]}",
                "{" + TABLE + ", \"batches\": [{\"expect_error\": 1}]}",
                "{" + TABLE
                        + ", \"batches\": [{}], \"probes\": [{\"business_date\": \"2021-01-01\", \"after_batch\": 99999999999}]}",
                "{" + TABLE
                        + ", \"batches\": [{}], \"probes\": [{\"business_date\": \"2021-01-01\", \"after_batch\": 1e400}]}",
                "{" + TABLE + ", \"batches\": [{}], \"probes\": {}}",
                "{" + TABLE + ", \"batches\": [{}], \"probes\": [null]}",
                "{" + TABLE + ", \"batches\": [null]}",
                "{" + TABLE + ", \"batches\": [], \"batches\": []}",
                "{\"table\": {\"key_columns\": [\"k\"], \"value_columns\": [\"v\"], \"date_column\": \"d\", "
                        + "\"column_types\": {\"v\": []}}, \"batches\": []}",
                "{\"table\": {\"key_columns\": [\"k\"], \"value_columns\": [\"v\"], \"date_column\": \"d\", "
                        + "\"colour\": \"blue\"}, \"batches\": []}",
                "{\"table\": {\"key_columns\": [\"k\"], \"value_columns\": [null], \"date_column\": \"d\"}, \"batches\": []}",
                "{\"table\": {\"key_columns\": [], \"value_columns\": [], \"date_column\": 5}, \"batches\": []}",
                "{\"table\": {\"key_columns\": [\"k\"], \"value_columns\": [], \"date_column\": \"d\", \"complete_by\": [null]}, "
                        + "\"batches\": []}",
                "{\"table\": null, \"batches\": []}",
                "{\"batches\": []}",
                "{\"table\": {}, \"batches\": []}",
                "{" + TABLE + "}",
                "{\"a\": tru}",
                "{\"a\": \"\u0001\"}",
                "{\"a\" 1}",
                "null");
        SoftAssertions soft = new SoftAssertions();
        for (String json : files) {
            try {
                readText(json);
                soft.fail("no error for " + json);
            } catch (ReplayInputException e) {
                soft.assertThat(e.getMessage())
                        .as(json)
                        .doesNotContain(
                                "java.",
                                "`",
                                "Source",
                                "REDACTED",
                                "io.sluice",
                                "com.fasterxml",
                                "$",
                                "Token",
                                "Exception",
                                "Jackson",
                                "CoercionConfig",
                                "creator",
                                "instance")
                        .doesNotContain("\n")
                        .startsWith(dir.resolve("replay.json") + ": ");
            }
        }
        soft.assertAll();
    }

    private ReplayFile.Checked read(String body) {
        return readText("{" + body + "}");
    }

    private ReplayFile.Checked readText(String json) {
        Path file = dir.resolve("replay.json");
        try {
            Files.writeString(file, json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ReplayReader().read(file);
    }
}
