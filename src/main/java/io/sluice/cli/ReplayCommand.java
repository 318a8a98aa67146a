package io.sluice.cli;

import io.sluice.lake.duckdb.replay.Replay;
import io.sluice.lake.duckdb.replay.ReplayFile;
import io.sluice.lake.duckdb.replay.ReplayInputException;
import io.sluice.lake.duckdb.replay.ReplayReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sluice lake replay FILE --out table.csv [--probes probes.jsonl] [--db PATH]} (see docs/bitemporal.md). */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        description = {
            "Applies the batches of a replay file to a fresh bi-temporal table and exports the result.",
            "Exit codes: 0 every batch went as expected, 1 a batch's outcome differs from its expect_error, "
                    + "2 bad input."
        })
final class ReplayCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "The replay file (JSON).")
    Path file;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "CSV",
            description = "Where to write the whole table as CSV (header, \\N for NULL), whatever the name's ending; "
                    + "gzip- or zstd-compressed when the name ends in .gz or .zst.")
    Path out;

    @Option(
            names = "--probes",
            paramLabel = "JSONL",
            description = "Where to write the probe answers, one JSON per line.")
    Path probes;

    @Option(
            names = "--db",
            paramLabel = "PATH",
            description = "A DuckDB database file to replay into (default: a fresh in-memory database).")
    Path db;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InstantSource clock;

    ReplayCommand() {
        this(InstantSource.system());
    }

    ReplayCommand(InstantSource clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        try {
            ReplayFile.Checked replay = new ReplayReader().read(file);
            List<ReplayOutputs.Target> targets = new ArrayList<>(List.of(new ReplayOutputs.Target("--out", out)));
            if (probes != null) {
                targets.add(new ReplayOutputs.Target("--probes", probes));
            }
            try (ReplayOutputs outputs = ReplayOutputs.prepare(file, db, targets)) {
                Optional<Path> probesTemporary = probes == null ? Optional.empty() : Optional.of(outputs.temporary(1));
                loadDriver();
                Replay.Report report;
                try (Connection connection = DriverManager.getConnection(
                        db == null ? "jdbc:duckdb:" : "jdbc:duckdb:" + db.toAbsolutePath())) {
                    report = new Replay(clock)
                            .run(connection, replay, outputs.temporary(0), probesTemporary, stdout::println);
                }
                outputs.commit();
                long unexpected = report.unexpected();
                if (unexpected > 0) {
                    stderr.println("sluice: " + unexpected + " of "
                            + report.batches().size() + " batches did not go as the replay file expected");
                    return SluiceCli.UNEXPECTED_OUTCOME;
                }
                return SluiceCli.OK;
            }
        } catch (ReplayInputException | UncheckedIOException e) {
            stderr.println("sluice: " + SluiceCli.oneLine(e));
            return SluiceCli.BAD_INPUT;
        } catch (SQLException e) {
            stderr.println("sluice: database error: " + SluiceCli.oneLine(e));
            return SluiceCli.BAD_INPUT;
        }
    }

    /**
     * Registers DuckDB's driver from this class loader: DriverManager only hands out drivers visible to the
     * caller, and one registered by another loader (an embedding application, a test) would not do.
     */
    private static void loadDriver() throws SQLException {
        try {
            Class.forName("org.duckdb.DuckDBDriver", true, ReplayCommand.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new SQLException("the DuckDB JDBC driver is not on the class path", e);
        }
    }
}
