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
}
