package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@code sluice lake replay} in-process on the spec's examples and on bad input. */
class ReplayCommandTest {

    private static final String T1 = "2025-01-01 00:00:00+00";
    private static final String T2 = "2025-01-02 00:00:00+00";
    private static final String T3 = "2025-01-03 00:00:00+00";
    private static final String T4 = "2025-01-04 00:00:00+00";
    private static final String A = "7fc56270e7a70fa81a5935b72eacbe29";
    private static final String B = "9d5ed678fe57bcca610140957afab571";
    private static final String P10 = "d3d9446802a44259755d38e6d163e820";
    private static final String P20 = "98f13708210194c475687be6106a3b84";

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

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

    @Test
    void the_export_is_csv_whatever_the_file_is_called_and_compressed_as_its_ending_says() throws Exception {
        Path file = Path.of(resource("example-c.json"));
        List<String> expected = null;
        for (String name : List.of("t.csv", "t.json", "t.parquet", "t")) {
            Path target = dir.resolve(name);
            assertThat(runTo(file, target)).as("%s: %s", name, err).isZero();
            List<String> lines = Files.readAllLines(target);
            assertThat(lines.get(0))
                    .as(name)
                    .isEqualTo("firm,name,valid_from,valid_to,value_hash,system_from,system_to");
            if (expected == null) {
                expected = lines;
            }
            assertThat(lines).as(name).isEqualTo(expected);
        }
        Path gz = dir.resolve("t.csv.gz");
        assertThat(runTo(file, gz)).as("%s", err).isZero();
        try (var in = new GZIPInputStream(Files.newInputStream(gz))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .toList())
                    .isEqualTo(expected);
        }
        Path zst = dir.resolve("t.csv.zst");
        assertThat(runTo(file, zst)).as("%s", err).isZero();
        assertThat(Arrays.copyOf(Files.readAllBytes(zst), 4))
                .isEqualTo(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD});
    }

    @Test
    void replaying_into_a_database_that_has_the_table_is_refused() throws Exception {
        Path db = dir.resolve("lake.duckdb");
        Path file = Path.of(resource("example-c.json"));
        String[] args = {
            "lake", "replay", file.toString(), "--out", dir.resolve("t.csv").toString(), "--db", db.toString()
        };
        assertThat(SluiceCli.run(args, new PrintWriter(out), new PrintWriter(err)))
                .isZero();
        assertBadInput(SluiceCli.run(args, new PrintWriter(out), new PrintWriter(err)), "already exists");
    }

    @Test
    void an_output_that_names_the_database_the_replay_file_or_the_other_output_is_refused_before_anything_is_written()
            throws Exception {
        Path file = Path.of(resource("example-c.json"));
        Path keep = dir.resolve("keep.duckdb");
        assertThat(SluiceCli.run(
                        new String[] {
                            "lake",
                            "replay",
                            file.toString(),
                            "--out",
                            dir.resolve("t.csv").toString(),
                            "--db",
                            keep.toString()
                        },
                        new PrintWriter(out),
                        new PrintWriter(err)))
                .isZero();
        byte[] database = Files.readAllBytes(keep);
        Path input = write(Files.readString(file));
        byte[] replay = Files.readAllBytes(input);

        Path fresh = dir.resolve("fresh.duckdb");
        assertBadInput(
                cli(input, "--db", keep.toString(), "--out", keep.toString()),
                "--out " + keep + ": is the same file as --db");
        assertBadInput(
                cli(
                        input,
                        "--db",
                        fresh.toString(),
                        "--out",
                        dir.resolve("a.csv").toString(),
                        "--probes",
                        dir.resolve("./a.csv").toString()),
                "--probes " + dir.resolve("./a.csv") + ": is the same file as --out");
        assertBadInput(
                cli(
                        input,
                        "--db",
                        fresh.toString(),
                        "--out",
                        dir.resolve("t.csv").toString(),
                        "--probes",
                        input.toString()),
                "--probes " + input + ": is the replay file");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), input);
        assertBadInput(cli(input, "--db", fresh.toString(), "--out", link.toString()), "is the replay file");
        assertBadInput(
                cli(input, "--db", fresh.toString(), "--out", keep.toString()),
                "--out " + keep + ": is a DuckDB database");
        Path renamed = dir.resolve("lake.csv");
        Files.copy(keep, renamed);
        assertBadInput(
                cli(input, "--db", fresh.toString(), "--out", renamed.toString()),
                "--out " + renamed + ": is a DuckDB database");

        assertThat(Files.readAllBytes(keep)).isEqualTo(database);
        assertThat(Files.readAllBytes(renamed)).isEqualTo(database);
        assertThat(Files.readAllBytes(input)).isEqualTo(replay);
        assertThat(fresh).doesNotExist();
        assertThat(dir.resolve("a.csv")).doesNotExist();
        assertThat(Files.readString(dir.resolve("t.csv"))).startsWith("firm,name,");
    }

    @Test
    void an_output_that_cannot_be_written_is_refused_before_any_batch_runs() throws Exception {
        Path file = Path.of(resource("example-c.json"));
        Path db = dir.resolve("lake.duckdb");
        Path csv = dir.resolve("t.csv");
        Files.writeString(csv, "old\n");
        assertBadInput(cli(file, "--db", db.toString(), "--out", dir.toString()), "--out " + dir + ": is a directory");
        assertBadInput(
                cli(file, "--db", db.toString(), "--out", "/dev/full"), "--out /dev/full: is not a regular file");
        assertBadInput(
                cli(file, "--db", db.toString(), "--out", "/sys/x.csv"),
                "--out /sys/x.csv: cannot create a file in /sys (");
        assertBadInput(
                cli(file, "--db", db.toString(), "--out", csv.toString(), "--probes", "/proc/p.jsonl"),
                "--probes /proc/p.jsonl: cannot create a file in /proc (");
        assertBadInput(
                cli(
                        file,
                        "--db",
                        db.toString(),
                        "--out",
                        dir.resolve("no/t.csv").toString()),
                "--out " + dir.resolve("no/t.csv") + ": directory " + dir.resolve("no") + " does not exist");
        assertBadInput(cli(file, "--db", db.toString(), "--out", ""), "--out: the path is empty");
        assertThat(out.toString()).as("no batch ran").isEmpty();
        assertThat(db).doesNotExist();
        assertThat(Files.readString(csv)).isEqualTo("old\n");
    }

    @Test
    void outputs_replace_existing_files_only_when_everything_succeeded_and_leave_no_temporary_behind()
            throws Exception {
        Path file = Path.of(resource("example-c.json"));
        Path db = dir.resolve("lake.duckdb");
        Files.writeString(dir.resolve("t.csv"), "old\n");
        Files.writeString(dir.resolve("p.jsonl"), "old\n");
        assertThat(cli(
                        file,
                        "--db",
                        db.toString(),
                        "--out",
                        dir.resolve("t.csv").toString(),
                        "--probes",
                        dir.resolve("p.jsonl").toString()))
                .as("%s", err)
                .isZero();
        List<String> first = csv();
        assertThat(first.get(0)).startsWith("firm,name,");
        Files.writeString(dir.resolve("t.csv"), "old\n");
        assertBadInput(
                cli(
                        file,
                        "--db",
                        db.toString(),
                        "--out",
                        dir.resolve("t.csv").toString(),
                        "--probes",
                        dir.resolve("p.jsonl").toString()),
                "already exists");
        assertThat(Files.readString(dir.resolve("t.csv"))).isEqualTo("old\n");
        assertThat(replay("example-c.json")).isZero();
        assertThat(replay("example-c.json"))
                .as("a re-run replaces its own outputs")
                .isZero();
        assertThat(csv()).isEqualTo(first);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("lake.duckdb", "t.csv", "p.jsonl");
        }
    }

    private int cli(Path file, String... options) {
        List<String> args = new ArrayList<>(List.of("lake", "replay", file.toString()));
        args.addAll(List.of(options));
        return SluiceCli.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
    }

    private void assertBadInput(int code, String message) {
        assertThat(code).isEqualTo(2);
        List<String> lines = err.toString().lines().toList();
        assertThat(lines).isNotEmpty();
        assertThat(lines.get(0)).startsWith("sluice: ").contains(message);
        assertThat(err.toString()).doesNotContain("\tat ", "Exception");
        err.getBuffer().setLength(0);
    }

    private int replay(String example) throws URISyntaxException {
        return run(Path.of(resource(example)));
    }

    private int run(Path file) {
        return SluiceCli.run(
                new String[] {
                    "lake",
                    "replay",
                    file.toString(),
                    "--out",
                    dir.resolve("t.csv").toString(),
                    "--probes",
                    dir.resolve("p.jsonl").toString()
                },
                new PrintWriter(out),
                new PrintWriter(err));
    }

    private int runTo(Path file, Path csv) {
        return SluiceCli.run(
                new String[] {"lake", "replay", file.toString(), "--out", csv.toString()},
                new PrintWriter(out),
                new PrintWriter(err));
    }

    private URI resource(String example) throws URISyntaxException {
        return getClass().getResource("/replay/" + example).toURI();
    }

    private Path write(String json) throws Exception {
        Path file = Files.createTempFile(dir, "replay", ".json");
        Files.writeString(file, json);
        return file;
    }

    private List<String> csv() throws Exception {
        return Files.readAllLines(dir.resolve("t.csv"));
    }

    private List<JsonNode> probes() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("p.jsonl"))) {
            nodes.add(json.readTree(line));
        }
        return nodes;
    }

    private static List<String> column(JsonNode probe, String column) {
        List<String> values = new ArrayList<>();
        probe.get("rows").forEach(r -> values.add(r.get(column).asText()));
        return values;
    }
}
