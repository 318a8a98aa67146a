package io.sluice.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code sluice} command line: a plain {@code main}, no Quarkus runtime. Exit codes: 0 success, 1 a replay
 * whose batches did not go as the file expected, 2 bad input (arguments, missing or invalid files).
 */
@Command(
        name = "sluice",
        mixinStandardHelpOptions = true,
        version = "sluice 0.1.0",
        description = "Sluice command line tools.",
        subcommands = {LakeCommand.class, NewCommand.class})
public final class SluiceCli implements Runnable {

    public static final int OK = 0;
    public static final int UNEXPECTED_OUTCOME = 1;
    public static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose a command, e.g. lake replay");
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(run(args, out, err));
    }

    /** Runs the command line with the given streams and returns the exit code (no System.exit). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(new CommandLine(new SluiceCli()), args, out, err);
    }

    /**
     * Runs {@code cli} (this command line, perhaps with commands added, as the merge benchmark's entry in the test
     * sources adds {@code lake bench}) with the given streams and this command line's error handling.
     */
    static int run(CommandLine cli, String[] args, PrintWriter out, PrintWriter err) {
        cli.setOut(out).setErr(err).setExecutionExceptionHandler((e, commandLine, parsed) -> {
            commandLine.getErr().println("sluice: " + oneLine(e));
            return BAD_INPUT;
        });
        cli.setParameterExceptionHandler((e, args1) -> {
            CommandLine.Model.CommandSpec spec = e.getCommandLine().getCommandSpec();
            e.getCommandLine().getErr().println("sluice: " + e.getMessage());
            e.getCommandLine().getErr().println("Try '" + spec.qualifiedName() + " --help' for more information.");
            return BAD_INPUT;
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
