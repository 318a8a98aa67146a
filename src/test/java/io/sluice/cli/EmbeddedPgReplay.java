package io.sluice.cli;

import io.sluice.testing.EmbeddedPg;
import java.io.PrintWriter;
import java.time.InstantSource;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import picocli.CommandLine;

/**
 * {@code sluice lake replay ... --engine postgres} on an embedded PostgreSQL ({@link EmbeddedPg}, which needs the
 * test-scoped zonky binaries and so stays out of the product): {@code ./sluice} runs this class on the test class path
 * when SLUICE_PG_URL is unset. It runs the product's command line with the url of a fresh database on PostgreSQL as
 * SLUICE_PG_URL (SLUICE_PG_USER, SLUICE_PG_PASSWORD: {@link EmbeddedPg#USER}), starting PostgreSQL when the replay
 * first reads it (not for {@code --help} or a usage error).
 */
public final class EmbeddedPgReplay {

    private EmbeddedPgReplay() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(run(args, out, err, () -> EmbeddedPg.freshDatabase("replay")));
    }

    /** The product's command line, its replay reading SLUICE_PG_URL from {@code url} (the embedded login). */
    static int run(String[] args, PrintWriter out, PrintWriter err, Supplier<String> url) {
        Map<String, String> login = Map.of(
                "SLUICE_PG_USER", EmbeddedPg.USER,
                "SLUICE_PG_PASSWORD", EmbeddedPg.USER);
        return run(args, out, err, name -> name.equals("SLUICE_PG_URL") ? url.get() : login.get(name));
    }

    /** The product's command line, its replay reading SLUICE_PG_URL and the login from {@code environment}. */
    static int run(String[] args, PrintWriter out, PrintWriter err, UnaryOperator<String> environment) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                if (type == ReplayCommand.class) {
                    return type.cast(new ReplayCommand(InstantSource.system(), environment));
                }
                return CommandLine.defaultFactory().create(type);
            }
        };
        return SluiceCli.run(new CommandLine(new SluiceCli(), factory), args, out, err);
    }
}
