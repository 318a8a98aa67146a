package io.sluice.cli;

import io.sluice.lake.duckdb.replay.PostgresEngine;
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
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice lake replay FILE --out table.csv [--probes probes.jsonl] [--db PATH] [--engine duckdb|postgres]} (see
 * docs/bitemporal.md). On PostgreSQL it replays in the database of {@code SLUICE_PG_URL} (with {@code SLUICE_PG_USER}
 * and {@code SLUICE_PG_PASSWORD}, read as the server reads them); the product has no PostgreSQL of its own, so without
 * that url it refuses, and {@code ./sluice} runs it through the test sources' {@code EmbeddedPgReplay} instead.
 */
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
            description = "A DuckDB database file to replay into (default: a fresh in-memory database); "
                    + "--engine duckdb only.")
    Path db;

    /** The engines a replay runs on. */
    enum Engine {
        duckdb,
        postgres
    }

    @Option(
            names = "--engine",
            paramLabel = "ENGINE",
            defaultValue = "duckdb",
            description = "duckdb (default) or postgres: the database of SLUICE_PG_URL (SLUICE_PG_USER, "
                    + "SLUICE_PG_PASSWORD), in a fresh schema dropped afterwards; ./sluice starts an embedded "
                    + "PostgreSQL when SLUICE_PG_URL is unset. The outputs have the same text on both.")
    Engine engine;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InstantSource clock;
    private final UnaryOperator<String> environment;

    ReplayCommand() {
        this(InstantSource.system(), System::getenv);
    }

    ReplayCommand(InstantSource clock) {
        this(clock, System::getenv);
    }

    /**
     * {@code environment}: where SLUICE_PG_URL, SLUICE_PG_USER and SLUICE_PG_PASSWORD are read (null when unset),
     * only by a replay with {@code --engine postgres} that got past the usage checks.
     */
    ReplayCommand(InstantSource clock, UnaryOperator<String> environment) {
        this.clock = clock;
        this.environment = environment;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (engine == Engine.postgres && db != null) {
            stderr.println("sluice: --db is a DuckDB file and does not go with --engine postgres");
            return SluiceCli.BAD_INPUT;
        }
        Optional<String> pgUrl = engine == Engine.postgres
                ? Optional.ofNullable(environment.apply("SLUICE_PG_URL")).filter(url -> !url.isBlank())
                : Optional.empty();
        if (engine == Engine.postgres && pgUrl.isEmpty()) {
            stderr.println("sluice: --engine postgres needs a PostgreSQL: set SLUICE_PG_URL (and SLUICE_PG_USER, "
                    + "SLUICE_PG_PASSWORD), or run ./sluice, which starts an embedded one");
            return SluiceCli.BAD_INPUT;
        }
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
                    if (engine == Engine.postgres) {
                        try (Connection pg = postgres(pgUrl.get());
                                PostgresEngine onPostgres = new PostgresEngine(pg, connection)) {
                            report = new Replay(clock)
                                    .run(
                                            onPostgres,
                                            connection,
                                            replay,
                                            outputs.temporary(0),
                                            probesTemporary,
                                            stdout::println);
                        }
                    } else {
                        report = new Replay(clock)
                                .run(connection, replay, outputs.temporary(0), probesTemporary, stdout::println);
                    }
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
     * A connection to the PostgreSQL of SLUICE_PG_URL ({@code url}), with SLUICE_PG_USER and SLUICE_PG_PASSWORD as the server reads
     * them (application.properties: "sluice" when unset), through the driver itself (see {@link #loadDriver}).
     */
    private Connection postgres(String url) throws SQLException {
        Properties login = new Properties();
        login.setProperty("user", setting("SLUICE_PG_USER"));
        login.setProperty("password", setting("SLUICE_PG_PASSWORD"));
        Connection connection = new org.postgresql.Driver().connect(url, login);
        if (connection == null) {
            throw new SQLException("SLUICE_PG_URL is not a PostgreSQL JDBC url (jdbc:postgresql://...)");
        }
        return connection;
    }

    /** A login setting as the server reads it: "sluice" when unset. */
    private String setting(String name) {
        return Optional.ofNullable(environment.apply(name)).orElse("sluice");
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
