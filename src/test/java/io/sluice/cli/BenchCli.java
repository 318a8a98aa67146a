package io.sluice.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * {@code sluice lake bench}: the product's command line with the merge benchmark added. The benchmark lives in the test
 * sources, out of the product jar; {@code ./sluice lake bench ...} runs this class on the test class path.
 */
public final class BenchCli {

    private BenchCli() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(run(args, out, err));
    }

    /** As {@link SluiceCli#run(String[], PrintWriter, PrintWriter)}, with {@code lake bench} among the lake commands. */
    static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new SluiceCli());
        cli.getSubcommands().get("lake").addSubcommand("bench", new CommandLine(new BenchCommand()));
        return SluiceCli.run(cli, args, out, err);
    }
}
