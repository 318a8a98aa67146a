package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs {@code sluice lake replay} in-process on the spec's examples and on bad input; its outputs: {@link ReplayCommandOutputsTest}. */
class ReplayCommandTest extends ReplayCommandRuns {

    private static final String T1 = "2025-01-01 00:00:00+00";
    private static final String T2 = "2025-01-02 00:00:00+00";
    private static final String T3 = "2025-01-03 00:00:00+00";
    private static final String T4 = "2025-01-04 00:00:00+00";
    private static final String A = "7fc56270e7a70fa81a5935b72eacbe29";
    private static final String B = "9d5ed678fe57bcca610140957afab571";
    private static final String P10 = "d3d9446802a44259755d38e6d163e820";
    private static final String P20 = "98f13708210194c475687be6106a3b84";

    @Test
    void example_a_replays_to_the_spec_table_and_answers_probes() throws Exception {
        assertThat(replay("example-a.json")).isZero();
        assertThat(csv())
                .containsExactly(
                        "firm,name,valid_from,valid_to,value_hash,system_from,system_to",
                        "F1,A,2020-01-01,2021-01-01," + A + "," + T4 + ",\\N",
                        "F1,A,2020-01-01,2022-01-01," + A + "," + T1 + "," + T4,
                        "F1,B,2022-01-01,2023-01-01," + B + "," + T3 + ",\\N",
                        "F1,B,2022-01-01,\\N," + B + "," + T1 + "," + T3,
                        "F1,C,2023-01-01,\\N,0d61f8370cad1d412f80b84d143e1257," + T3 + ",\\N",
                        "F1,X,2021-01-01,2022-01-01,02129bb861061d1a052c592e2dc6b383," + T4 + ",\\N");
        assertThat(out.toString().lines())
                .containsExactly(
                        "batch 1: 3 rows in, 2 versions opened, 0 versions closed at 2025-01-01T00:00:00Z",
                        "batch 2: 3 rows in, 0 versions opened, 0 versions closed (no change)",
                        "batch 3: 1 rows in, 2 versions opened, 1 versions closed at 2025-01-03T00:00:00Z",
                        "batch 4: 1 rows in, 2 versions opened, 1 versions closed at 2025-01-04T00:00:00Z");
        List<JsonNode> probes = probes();
        assertThat(probes).hasSize(2);
        assertThat(probes.get(0).get("after_batch").asInt()).isEqualTo(3);
        assertThat(probes.get(0).get("business_date").asText()).isEqualTo("2021-06-30");
        assertThat(column(probes.get(0), "name")).containsExactly("A");
        assertThat(column(probes.get(1), "name")).containsExactly("X");
        assertThat(probes.get(1).get("rows").get(0).get("system_to").isNull()).isTrue();
    }

    @Test
    void example_b_complete_mode() throws Exception {
        assertThat(replay("example-b.json")).isZero();
        assertThat(csv())
                .containsExactly(
                        "firm,owner,pct,valid_from,valid_to,value_hash,system_from,system_to",
                        "F1,O1,10,2020-01-01,2023-01-01," + P10 + "," + T3 + ",\\N",
                        "F1,O1,10,2020-01-01,\\N," + P10 + "," + T1 + "," + T3,
                        "F1,O2,20,2020-01-01,2021-01-01," + P20 + "," + T1 + "," + T2,
                        "F1,O2,20,2020-01-01,2023-01-01," + P20 + "," + T3 + ",\\N",
                        "F1,O2,20,2020-01-01,\\N," + P20 + "," + T2 + "," + T3,
                        "F1,O2,20,2022-01-01,\\N," + P20 + "," + T1 + "," + T2);
        List<JsonNode> probes = probes();
        assertThat(column(probes.get(0), "owner")).containsExactly("O1");
        assertThat(column(probes.get(1), "owner")).containsExactly("O1", "O2");
        assertThat(column(probes.get(2), "owner")).isEmpty();
    }

    @Test
    void example_c_late_filing() throws Exception {
        assertThat(replay("example-c.json")).isZero();
        assertThat(csv())
                .containsExactly(
                        "firm,name,valid_from,valid_to,value_hash,system_from,system_to",
                        "F1,A,2018-01-01,2019-01-01," + A + "," + T2 + ",\\N",
                        "F1,A,2018-01-01,\\N," + A + "," + T1 + "," + T2,
                        "F1,A,2021-01-01,\\N," + A + "," + T2 + ",\\N",
                        "F1,B,2019-01-01,2021-01-01," + B + "," + T2 + ",\\N");
        List<JsonNode> probes = probes();
        assertThat(column(probes.get(0), "name")).containsExactly("A");
        assertThat(column(probes.get(1), "name")).containsExactly("B");
    }

    @Test
    void a_rejected_batch_is_reported_and_the_replay_goes_on() throws Exception {
        Path file = write("""
                {"table": {"key_columns": ["k"], "value_columns": ["v"], "date_column": "d"},
                 "batches": [
                   {"rows": [{"k": null, "v": "1", "d": "2020-01-01"}], "expect_error": true},
                   {"rows": [{"k": "a", "v": "1", "d": "2020-01-01"}, {"k": "a", "v": "2", "d": "2020-01-01"}],
                    "expect_error": true},
                   {"rows": [{"k": "a", "v": "1", "d": "2020-01-01"}]}
                 ]}""");
        assertThat(run(file)).isZero();
        assertThat(out.toString().lines())
                .satisfiesExactly(
                        l -> assertThat(l).isEqualTo("batch 1: 1 rows in, rejected: NULL in key column k (expected)"),
                        l -> assertThat(l).startsWith("batch 2: 2 rows in, rejected: conflicting rows for key (a)"),
                        l -> assertThat(l).startsWith("batch 3: 1 rows in, 1 versions opened"));
        assertThat(csv()).hasSize(2);
    }

    @Test
    void an_outcome_that_differs_from_expect_error_exits_1() throws Exception {
        Path file = write("""
                {"table": {"key_columns": ["k"], "value_columns": ["v"], "date_column": "d"},
                 "batches": [{"rows": [{"k": "a", "v": "1", "d": null}]},
                             {"rows": [{"k": "a", "v": "1", "d": "2020-01-01"}], "expect_error": true}]}""");
        assertThat(run(file)).as("stdout: %s%nstderr: %s", out, err).isEqualTo(1);
        assertThat(out.toString())
                .contains("UNEXPECTED: expected the batch to be accepted")
                .contains("UNEXPECTED: expected the batch to be rejected");
        assertThat(err.toString()).contains("2 of 2 batches did not go as the replay file expected");
    }

    @Test
    void bad_input_exits_2_with_one_line_and_no_stack_trace() throws Exception {
        assertBadInput(run(dir.resolve("missing.json")), "no such file");
        assertBadInput(run(write("{\"table\": ")), "invalid JSON");
        assertBadInput(run(write("""
                {"table": {"key_columns": ["k"], "value_columns": [], "date_column": "d"}, "batches": [],
                 "colour": "blue"}""")), "unknown field \"colour\"");
        assertBadInput(run(write("""
                {"table": {"key_columns": ["k"], "value_columns": [], "date_column": "d"},
                 "batches": [{"rows": [{"k": "a", "d": "2020-01-01", "typo": "x"}]}]}""")), "batches[0].rows[0]: unknown column \"typo\"");
        assertBadInput(run(write("""
                {"table": {"key_columns": ["k; DROP TABLE x"], "value_columns": [], "date_column": "d"},
                 "batches": []}""")), "column name must match");
        assertBadInput(
                run(write("""
                {"table": {"key_columns": ["k"], "value_columns": [], "date_column": "d"},
                 "batches": [{"system_time": "+10000-01-01T00:00:00Z"}]}""")),
                "batches[0].system_time: must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999Z");
        assertBadInput(run(write("")), "the file is empty");
        assertBadInput(
                SluiceCli.run(new String[] {"lake", "replay"}, new PrintWriter(out), new PrintWriter(err)),
                "Missing required");
    }
}
