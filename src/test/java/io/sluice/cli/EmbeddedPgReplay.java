package io.sluice.cli;

import io.sluice.testing.EmbeddedPg;
import java.io.PrintWriter;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import picocli.CommandLine;

/**
 * {@code sluice lake replay ... --engine postgres} on an embedded PostgreSQL ({@link EmbeddedPg}, which needs the
 * test-scoped zonky binaries and so stays out of the product): {@code ./sluice} runs this class on the test class path
 * when SLUICE_PG_URL is unset. It starts PostgreSQL, takes a fresh database and runs the product's command line with
 * that database's url as SLUICE_PG_URL (SLUICE_PG_USER, SLUICE_PG_PASSWORD: {@link EmbeddedPg#USER}).
 */
public final class EmbeddedPgReplay {

    private EmbeddedPgReplay() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(run(args, out, err, EmbeddedPg.freshDatabase("replay")));
    }

    /** The product's command line, its replay reading SLUICE_PG_URL as {@code url} (the embedded login). */
    static int run(String[] args, PrintWriter out, PrintWriter err, String url) {
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("SLUICE_PG_URL", url);
        environment.put("SLUICE_PG_USER", EmbeddedPg.USER);
        environment.put("SLUICE_PG_PASSWORD", EmbeddedPg.USER);
        return run(args, out, err, environment);
    }

    /** The product's command line, its replay reading SLUICE_PG_URL and the login from {@code environment}. */
    static int run(String[] args, PrintWriter out, PrintWriter err, Map<String, String> environment) {
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
