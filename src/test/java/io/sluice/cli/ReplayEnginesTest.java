package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.postgres.bitemporal.PgTestDatabase;
import io.sluice.testing.EmbeddedPg;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code sluice lake replay --engine postgres} against the default DuckDB engine: the examples of docs/bitemporal.md
 * give the same export, probe answers and batch lines, line for line after sorting, on an embedded PostgreSQL reached as
 * SLUICE_PG_URL would reach it ({@link EmbeddedPgReplay}); and the usage errors of the option.
 */
class ReplayEnginesTest extends ReplayCommandRuns {

    @ParameterizedTest
    @ValueSource(strings = {"example-a.json", "example-b.json", "example-c.json", "typed.json"})
    void postgres_exports_what_duckdb_exports(String example) throws Exception {
        Path file = Path.of(resource(example));
        List<String> duckDbLines = replay(file, "duckdb", null);
        String url = EmbeddedPg.freshDatabase("replay_engines");
        List<String> postgresLines = replay(file, "postgres", url);

        assertThat(sorted(dir.resolve("postgres.csv"))).isEqualTo(sorted(dir.resolve("duckdb.csv")));
        assertThat(sorted(dir.resolve("postgres.jsonl"))).isEqualTo(sorted(dir.resolve("duckdb.jsonl")));
        assertThat(postgresLines).isEqualTo(duckDbLines).isNotEmpty();
        assertThat(sorted(dir.resolve("duckdb.csv"))).hasSizeGreaterThan(1);
        assertThat(sorted(dir.resolve("duckdb.jsonl"))).isNotEmpty().allMatch(l -> l.contains("\"rows\""));
        try (Connection pg = PgTestDatabase.connect(url)) {
            assertThat(PgTestDatabase.rows(
                            pg,
                            "SELECT schema_name FROM information_schema.schemata "
                                    + "WHERE schema_name LIKE 'sluice_replay_%'"))
                    .as("the replay's schemas are dropped")
                    .isEmpty();
        }
    }

    @Test
    void db_does_not_go_with_postgres() throws Exception {
        UnaryOperator<String> untouched = name -> {
            throw new AssertionError("read " + name + " (and started an embedded PostgreSQL) before refusing --db");
        };
        int code = replayWith(
                untouched,
                "--engine",
                "postgres",
                "--db",
                dir.resolve("x.duckdb").toString());
        assertThat(err.toString().lines()).hasSize(1);
        assertBadInput(code, "--db");
        assertThat(dir.resolve("t.csv")).doesNotExist();
        assertThat(dir.resolve("x.duckdb")).doesNotExist();
    }

    @Test
    void postgres_without_a_url_says_so() throws Exception {
        int code = replayWith(name -> null, "--engine", "postgres");
        assertThat(err.toString().lines()).hasSize(1);
        assertBadInput(code, "SLUICE_PG_URL");
        assertThat(dir.resolve("t.csv")).doesNotExist();
    }

    /** Replays example A into t.csv with {@code options}, SLUICE_PG_URL and the login read from {@code environment}. */
    private int replayWith(UnaryOperator<String> environment, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "lake",
                "replay",
                Path.of(resource("example-a.json")).toString(),
                "--out",
                dir.resolve("t.csv").toString()));
        args.addAll(List.of(options));
        return EmbeddedPgReplay.run(
                args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err), environment);
    }

    /** Replays {@code file} on {@code engine} into {engine}.csv and {engine}.jsonl; returns the batch lines. */
    private List<String> replay(Path file, String engine, String url) {
        StringWriter lines = new StringWriter();
        StringWriter problems = new StringWriter();
        Path csv = dir.resolve(engine + ".csv");
        Path jsonl = dir.resolve(engine + ".jsonl");
        List<String> args = new ArrayList<>(List.of("lake", "replay", file.toString(), "--engine", engine));
        args.addAll(List.of("--out", csv.toString(), "--probes", jsonl.toString()));
        String[] all = args.toArray(String[]::new);
        int code = url == null
                ? SluiceCli.run(all, new PrintWriter(lines), new PrintWriter(problems))
                : EmbeddedPgReplay.run(all, new PrintWriter(lines), new PrintWriter(problems), () -> url);
        assertThat(code).as("%s: %s", engine, problems).isZero();
        return lines.toString().lines().toList();
    }

    private static List<String> sorted(Path file) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        lines.sort(null);
        return lines;
    }
}
