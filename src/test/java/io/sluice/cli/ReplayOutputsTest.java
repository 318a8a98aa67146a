package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.duckdb.replay.ReplayInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which outputs a replay may write, and how they reach their place, without running a replay. */
class ReplayOutputsTest {

    @TempDir
    Path dir;

    @Test
    void outputs_must_differ_from_the_input_the_database_and_each_other() throws Exception {
        Path input = Files.writeString(dir.resolve("r.json"), "{}");
        Path db = dir.resolve("lake.duckdb"); // not there yet: compared by path
        assertRefused(input, db, List.of(out(dir.resolve("sub/../r.json"))), "is the replay file");
        assertRefused(input, db, List.of(out(Path.of(relative(db)))), "is the same file as --db");
        assertRefused(
                input,
                null,
                List.of(out(dir.resolve("a.csv")), probes(dir.resolve("./a.csv"))),
                "--probes " + dir.resolve("./a.csv") + ": is the same file as --out");
        Path link = Files.createSymbolicLink(dir.resolve("link.jsonl"), input);
        assertRefused(
                input,
                db,
                List.of(out(dir.resolve("a.csv")), probes(link)),
                "--probes " + link + ": is the replay file");
        Path linkedDir = Files.createSymbolicLink(dir.resolve("d"), dir);
        assertRefused(input, db, List.of(out(linkedDir.resolve("lake.duckdb"))), "is the same file as --db");
        assertThatCode(() -> ReplayOutputs.check(
                        input, db, List.of(out(dir.resolve("a.csv")), probes(dir.resolve("a.jsonl")))))
                .doesNotThrowAnyException();
    }

    @Test
    void an_existing_output_must_be_a_regular_file_that_is_not_a_duckdb_database() throws Exception {
        Path input = Files.writeString(dir.resolve("r.json"), "{}");
        assertRefused(input, null, List.of(out(dir)), "--out " + dir + ": is a directory");
        assertRefused(input, null, List.of(out(Path.of("/dev/null"))), "--out /dev/null: is not a regular file");
        Path duck = Files.write(dir.resolve("other.csv"), header("DUCK"));
        assertRefused(
                input, null, List.of(out(duck)), "--out " + duck + ": is a DuckDB database; refusing to overwrite it");
        assertRefused(input, null, List.of(out(Path.of(""))), "--out: the path is empty");
        Path csv = Files.write(dir.resolve("t.csv"), header("DUCX"));
        Path tiny = Files.writeString(dir.resolve("p.jsonl"), "DUCK");
        assertThatCode(() -> ReplayOutputs.check(input, null, List.of(out(csv), probes(tiny))))
                .doesNotThrowAnyException();
    }

    @Test
    void outputs_are_staged_next_to_their_targets_and_replace_them_on_commit() throws Exception {
        Path input = Files.writeString(dir.resolve("r.json"), "{}");
        Path csv = Files.writeString(dir.resolve("t.csv.gz"), "old");
        Path jsonl = dir.resolve("p.jsonl");
        try (ReplayOutputs outputs = ReplayOutputs.prepare(input, null, List.of(out(csv), probes(jsonl)))) {
            assertThat(outputs.temporary(0)).hasParent(dir).exists();
            assertThat(outputs.temporary(0).getFileName().toString())
                    .startsWith(".sluice-")
                    .endsWith("-t.csv.gz");
            assertThat(outputs.temporary(1).getFileName().toString()).endsWith("-p.jsonl");
            Files.writeString(outputs.temporary(0), "new");
            Files.writeString(outputs.temporary(1), "answers");
            assertThat(csv).hasContent("old");
            outputs.commit();
        }
        assertThat(csv).hasContent("new");
        assertThat(jsonl).hasContent("answers");
        assertThat(names()).containsExactlyInAnyOrder("r.json", "t.csv.gz", "p.jsonl");
    }

    @Test
    void without_a_commit_the_targets_stay_as_they_were_and_the_temporaries_go() throws Exception {
        Path input = Files.writeString(dir.resolve("r.json"), "{}");
        Path csv = Files.writeString(dir.resolve("t.csv"), "old");
        try (ReplayOutputs outputs = ReplayOutputs.prepare(input, null, List.of(out(csv), probes(dir.resolve("p"))))) {
            Files.writeString(outputs.temporary(0), "half");
        }
        assertThat(csv).hasContent("old");
        assertThat(names()).containsExactlyInAnyOrder("r.json", "t.csv");
    }

    @Test
    void a_directory_that_takes_no_files_is_found_before_anything_runs_and_nothing_is_left() throws Exception {
        Path input = Files.writeString(dir.resolve("r.json"), "{}");
        assertRefused(
                input,
                null,
                List.of(out(dir.resolve("t.csv")), probes(Path.of("/proc/p.jsonl"))),
                "--probes /proc/p.jsonl: cannot create a file in /proc (");
        assertRefused(
                input,
                null,
                List.of(out(dir.resolve("no/t.csv"))),
                "--out " + dir.resolve("no/t.csv") + ": directory " + dir.resolve("no") + " does not exist");
        assertThat(names()).containsExactly("r.json");
    }

    @Test
    void a_symbolic_link_to_an_existing_file_is_written_through() throws Exception {
        Path input = Files.writeString(dir.resolve("r.json"), "{}");
        Path real = Files.writeString(dir.resolve("real.csv"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), real);
        try (ReplayOutputs outputs = ReplayOutputs.prepare(input, null, List.of(out(link)))) {
            Files.writeString(outputs.temporary(0), "new");
            outputs.commit();
        }
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(real).hasContent("new");
    }

    private void assertRefused(Path input, Path db, List<ReplayOutputs.Target> targets, String message) {
        assertThatThrownBy(() -> ReplayOutputs.prepare(input, db, targets))
                .isInstanceOf(ReplayInputException.class)
                .hasMessageContaining(message);
    }

    private List<String> names() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    private static byte[] header(String magic) {
        byte[] bytes = new byte[64];
        System.arraycopy(magic.getBytes(StandardCharsets.US_ASCII), 0, bytes, 8, 4);
        return bytes;
    }

    private static String relative(Path path) {
        return Path.of("").toAbsolutePath().relativize(path).toString();
    }

    private static ReplayOutputs.Target out(Path path) {
        return new ReplayOutputs.Target("--out", path);
    }

    private static ReplayOutputs.Target probes(Path path) {
        return new ReplayOutputs.Target("--probes", path);
    }
}
