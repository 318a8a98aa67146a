package io.sluice.lake.duckdb.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalQueries;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.BoundQuery;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.duckdb.bitemporal.BitemporalMerge;
import io.sluice.lake.duckdb.bitemporal.BitemporalSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Replays a file of writes into a fresh table (docs/bitemporal.md section 9): applies each batch, reports it in one
 * line, exports the whole table as CSV and answers the probes as JSON lines.
 */
public final class Replay {

    /** What one batch did, and whether that is what the file expected. */
    public record BatchReport(int number, WriteResult result, boolean expectError) {

        public boolean asExpected() {
            return result.isRejected() == expectError;
        }

        public String line() {
            String line = "batch " + number + ": " + result.summary();
            if (!asExpected()) {
                return line + " -- UNEXPECTED: "
                        + (expectError ? "expected the batch to be rejected" : "expected the batch to be accepted");
            }
            return result.isRejected() ? line + " (expected)" : line;
        }
    }

    public record Report(List<BatchReport> batches) {

        public Report {
            batches = List.copyOf(batches);
        }

        public long unexpected() {
            return batches.stream().filter(b -> !b.asExpected()).count();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final InstantSource clock;

    public Replay(InstantSource clock) {
        this.clock = clock;
    }

    /**
     * Where the batches are written: DuckDB ({@link #run(Connection, ReplayFile.Checked, Path, Optional, Consumer)})
     * or another engine ({@link PostgresEngine}). The export and the probe answers are always written by DuckDB, from
     * the version table and the as-of rows the engine hands it, so their text is the same whatever the engine.
     */
    public interface Engine extends AutoCloseable {

        /** Creates {@code table}'s tables, which must not exist yet. */
        void create(BitemporalTable table) throws SQLException;

        WriteResult write(Batch batch, Replace replace, Instant requestedSystemTime) throws SQLException;

        /** After the writes: the whole version table, as a relation of the DuckDB connection of the replay. */
        String versions() throws SQLException;

        /** The rows of the as-of query (section 6), as a query on the DuckDB connection of the replay. */
        BoundQuery asOf(LocalDate businessDate, Instant systemTime) throws SQLException;

        @Override
        void close() throws SQLException;
    }

    /**
     * Runs the replay on {@code connection}, a DuckDB connection which must not hold the table yet. Writes the CSV to
     * {@code csv} and, when {@code probes} is given, the probe answers to it. Each batch's line goes to {@code out}.
     */
    public Report run(
            Connection connection, ReplayFile.Checked file, Path csv, Optional<Path> probes, Consumer<String> out)
            throws SQLException {
        try (DuckDbEngine engine = new DuckDbEngine(connection, clock)) {
            return run(engine, connection, file, csv, probes, out);
        }
    }

    /**
     * Runs the replay's writes on {@code engine}; {@code duckDb} is the DuckDB connection the engine hands the version
     * table and the probes' rows to, from which the CSV and the probe answers are written.
     */
    public Report run(
            Engine engine,
            Connection duckDb,
            ReplayFile.Checked file,
            Path csv,
            Optional<Path> probes,
            Consumer<String> out)
            throws SQLException {
        BitemporalTable table = file.table();
        try (Statement s = duckDb.createStatement()) {
            s.execute("SET TimeZone = 'UTC'");
        }
        engine.create(table);
        List<BatchReport> reports = new ArrayList<>();
        List<Instant> stateAfter = new ArrayList<>(); // latest system time in use after each batch (null: none yet)
        Instant latest = null;
        for (ReplayFile.Step step : file.steps()) {
            Batch batch = new Batch(step.rows(), step.markers());
            Instant at = step.systemTime() == null ? clock.instant() : step.systemTime();
            WriteResult result = engine.write(batch, step.replace(), at);
            if (result.systemTime().isPresent()) {
                latest = result.systemTime().get();
            }
            stateAfter.add(latest);
            BatchReport report = new BatchReport(step.number(), result, step.expectError());
            reports.add(report);
            out.accept(report.line());
        }
        export(duckDb, engine.versions(), csv);
        if (probes.isPresent()) {
            answer(duckDb, engine, table, file.questions(), stateAfter, probes.get());
        }
        return new Report(reports);
    }

    /** The DuckDB engine: the table in {@code connection}, written through one session. */
    private static final class DuckDbEngine implements Engine {

        private final Connection connection;
        private final InstantSource clock;
        private BitemporalTable table;
        private BitemporalSession session;

        DuckDbEngine(Connection connection, InstantSource clock) {
            this.connection = connection;
            this.clock = clock;
        }

        @Override
        public void create(BitemporalTable table) throws SQLException {
            requireFresh(connection, table);
            BitemporalMerge merge = new BitemporalMerge(clock);
            merge.createTables(connection, table);
            this.table = table;
            this.session = merge.session(connection, table);
        }

        @Override
        public WriteResult write(Batch batch, Replace replace, Instant requestedSystemTime) throws SQLException {
            return session.write(batch, replace, requestedSystemTime);
        }

        @Override
        public String versions() throws SQLException {
            close();
            return "\"" + table.name() + "\"";
        }

        @Override
        public BoundQuery asOf(LocalDate businessDate, Instant systemTime) {
            return BitemporalQueries.asOf(table, businessDate, systemTime);
        }

        @Override
        public void close() throws SQLException {
            if (session != null) {
                session.close();
                session = null;
            }
        }
    }

    private static void requireFresh(Connection connection, BitemporalTable table) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement(
                "SELECT table_name FROM information_schema.tables WHERE lower(table_name) IN (lower(?), lower(?), lower(?))")) {
            s.setString(1, table.name());
            s.setString(2, table.assertionsTable());
            s.setString(3, table.filingsTable());
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    throw new ReplayInputException("table " + rs.getString(1) + " already exists in the database; "
                            + "a replay needs a fresh table (use another --db or table name)");
                }
            }
        }
    }

    private static void export(Connection connection, String versions, Path csv) throws SQLException {
        String path = csv.toAbsolutePath().toString().replace("'", "''");
        try (Statement s = connection.createStatement()) {
            // FORMAT stated: DuckDB would otherwise choose it from the name's ending (JSON for x.json). Compression is
            // still chosen from the name: x.csv.gz is gzip, x.csv.zst zstd
            s.execute("COPY (SELECT * FROM " + versions + " ORDER BY ALL) TO '" + path
                    + "' (FORMAT csv, HEADER, NULLSTR '\\N')");
        }
    }

    private static void answer(
            Connection connection,
            Engine engine,
            BitemporalTable table,
            List<ReplayFile.Question> questions,
            List<Instant> stateAfter,
            Path target)
            throws SQLException {
        List<String> lines = new ArrayList<>();
        for (ReplayFile.Question q : questions) {
            Instant at = stateAfter.get(q.afterBatch() - 1);
            List<Map<String, String>> rows =
                    at == null ? List.of() : rows(connection, table, engine.asOf(q.businessDate(), at));
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("after_batch", q.afterBatch());
            answer.put("business_date", q.businessDate().toString());
            answer.put("rows", rows);
            try {
                lines.add(JSON.writeValueAsString(answer));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        try {
            Files.write(target, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    private static List<Map<String, String>> rows(Connection connection, BitemporalTable table, BoundQuery asOf)
            throws SQLException {
        String text = table.versionColumns().stream()
                .map(c -> "CAST(\"" + c + "\" AS VARCHAR) AS \"" + c + "\"")
                .collect(Collectors.joining(", "));
        BoundQuery asText =
                new BoundQuery("SELECT " + text + " FROM (" + asOf.sql() + ") AS q ORDER BY ALL", asOf.parameters());
        List<Map<String, String>> rows = new ArrayList<>();
        try (PreparedStatement s = asText.prepare(connection);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                Map<String, String> row = new LinkedHashMap<>();
                for (String column : table.versionColumns()) {
                    row.put(column, rs.getString(column));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
