package io.sluice.client;

import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code sluice}, the command line client of a Sluice server: a thin client of its REST API (it never opens the
 * metadata store or the lake), a plain {@code main} on a small class path so that it starts fast. Exit codes: 0
 * success, 1 the run or backfill failed (or the server could not do it), 2 a usage error or a request the server
 * refused, 3 the server unreachable or the caller not authorised; each failure is one line, never a stack trace.
 */
@Command(
        name = "sluice",
        mixinStandardHelpOptions = true,
        version = "sluice 0.1.0",
        description = "Operate a Sluice server from the terminal.",
        footer = {
            "",
            "Server and token: --server and --token, else SLUICE_URL and SLUICE_TOKEN, else what sluice login stored.",
            "Exit codes: 0 success, 1 the run or backfill failed, 2 usage error, 3 server unreachable or not"
                    + " authorised.",
            "Also, on files rather than a server: sluice new DIR (a new project), sluice lake replay|bench."
        },
        subcommands = {
            LoginCommand.class,
            WhoamiCommand.class,
            AssetsCommand.class,
            LineageCommand.class,
            MaterializeCommand.class,
            PreviewCommand.class,
            BackfillCommand.class,
            RunsCommand.class,
            AutomationCommands.Schedules.class,
            AutomationCommands.Sensors.class,
            RollbackCommand.class,
            AuditCommand.class
        })
public final class SluiceClient implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose a command, e.g. runs list");
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true), System.getenv()));
    }

    /** Runs the command line with these streams and environment, and returns its exit code (no System.exit). */
    public static int run(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env) {
        CommandLine cli = new CommandLine(new SluiceClient(), new Factory(env));
        cli.setOut(out).setErr(err).setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof CliFailure f) {
                line.getErr().println("sluice: " + f.getMessage());
                return f.exitCode();
            }
            line.getErr()
                    .println("sluice: " + Api.oneLine(String.valueOf(e.getMessage())) + " ("
                            + e.getClass().getSimpleName() + ")");
            return CliFailure.FAILED;
        });
        cli.setParameterExceptionHandler((e, given) -> {
            e.getCommandLine().getErr().println("sluice: " + e.getMessage());
            e.getCommandLine()
                    .getErr()
                    .println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more"
                            + " information.");
            return CliFailure.USAGE;
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** Gives every command the environment it runs in (the tests give their own). */
    private record Factory(Map<String, String> env) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            K made = CommandLine.defaultFactory().create(type);
            if (made instanceof Connected c) {
                c.env = env;
            }
            return made;
        }
    }
}
