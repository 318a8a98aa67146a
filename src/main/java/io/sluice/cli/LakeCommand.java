package io.sluice.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code sluice lake ...}: commands on the DuckDB lake. */
@Command(
        name = "lake",
        mixinStandardHelpOptions = true,
        description = "Commands on the lake.",
        subcommands = {ReplayCommand.class})
final class LakeCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose a lake command, e.g. replay");
    }
}
