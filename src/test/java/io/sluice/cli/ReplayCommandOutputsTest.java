package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Where {@code sluice lake replay} writes: the export's format and compression, outputs refused before anything is
 * written, and existing files replaced only when everything succeeded.
 */
class ReplayCommandOutputsTest extends ReplayCommandRuns {

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
}
