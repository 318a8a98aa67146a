package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The benchmark command's arguments: refused with one line and exit code 2 before anything is generated. */
class BenchCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "lake";
        all[1] = "bench";
        System.arraycopy(args, 0, all, 2, args.length);
        return BenchCli.run(all, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void firmsOrDaysOutOfRangeAndAnEmptyDbAreRefused() {
        for (String firms : new String[] {"99", "1000001", "2147483647"}) {
            err.getBuffer().setLength(0);
            assertThat(run("--firms", firms)).isEqualTo(SluiceCli.BAD_INPUT);
            assertThat(err.toString()).startsWith("sluice: --firms must be between 100 and 1000000, got " + firms);
        }
        for (String days : new String[] {"-1", "3651"}) {
            err.getBuffer().setLength(0);
            assertThat(run("--days", days)).isEqualTo(SluiceCli.BAD_INPUT);
            assertThat(err.toString()).startsWith("sluice: --days must be between 0 and 3650, got " + days);
        }
        err.getBuffer().setLength(0);
        assertThat(run("--db", "")).isEqualTo(SluiceCli.BAD_INPUT);
        assertThat(err.toString()).startsWith("sluice: --db is empty");
        assertThat(out.toString()).as("nothing generated").doesNotContain("generating");
    }

    /** Tiny sizes on both engines: DuckDB's and PostgreSQL's figures side by side (no timing asserted). */
    @Test
    void bothEnginesRunSideBySideOnTinySizes() {
        assertThat(run("--firms", "100", "--engine", "both"))
                .as("exit code; stderr: %s", err)
                .isEqualTo(SluiceCli.OK);
        String printed = out.toString();
        assertThat(printed).contains("DuckDB file", "PostgreSQL, the same rows", "PostgreSQL: ", "fsync");
        for (String step :
                new String[] {"(a) raw", "(b) BITEMPORAL_MERGE", "(c) identical", "(d) incremental", "(e) SINGLE_KEY"
                }) {
            assertThat(printed.split(java.util.regex.Pattern.quote(step), -1))
                    .as("%s printed for DuckDB, PostgreSQL and side by side", step)
                    .hasSize(4);
        }
        assertThat(printed)
                .contains("PG/DuckDB", "(b) PostgreSQL at most 5x DuckDB's", "(e) PostgreSQL at most 3x DuckDB's");
    }

    @Test
    void anUnknownEngineAndDaysOnPostgresAreRefused() {
        assertThat(run("--engine", "oracle")).isEqualTo(SluiceCli.BAD_INPUT);
        assertThat(err.toString()).startsWith("sluice: --engine must be duckdb, postgres or both, got oracle");
        err.getBuffer().setLength(0);
        assertThat(run("--engine", "postgres", "--days", "3")).isEqualTo(SluiceCli.BAD_INPUT);
        assertThat(err.toString()).startsWith("sluice: --days runs on DuckDB only");
    }
}
