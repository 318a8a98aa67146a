package io.sluice.lake.duckdb.replay;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalQueries;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.BoundQuery;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.duckdb.bitemporal.BitemporalMerge;
import io.sluice.lake.postgres.bitemporal.PostgresBitemporalMerge;
import io.sluice.lake.postgres.bitemporal.StagedBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.postgresql.PGConnection;

/**
 * A replay's writes and queries on PostgreSQL ({@link PostgresBitemporalMerge}, {@link BitemporalQueries}), in a fresh
 * schema {@code sluice_replay_<random>} (and {@code sluice_replay_<random>_in} for the staged batches) dropped on
 * {@link #close()}. What the replay writes out, PostgreSQL's version table and the rows of its as-of answers, is
 * handed to the replay's DuckDB connection in bulk through a CSV file (each value as PostgreSQL's text, cast back to
 * the DuckDB engine's type of its column), so that the CSV and the probe answers are written by the same code, with the same text,
 * as on DuckDB.
 */
public final class PostgresEngine implements Replay.Engine {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Connection postgres;
    private final Connection duckDb;
    private final String schema;
    private final String staging;
    private BitemporalTable table;
    private boolean probeTable;

    /** Replays on {@code postgres}, handing what is written out to {@code duckDb} (the replay's DuckDB connection). */
    public PostgresEngine(Connection postgres, Connection duckDb) {
        this.postgres = postgres;
        this.duckDb = duckDb;
        byte[] random = new byte[6];
        RANDOM.nextBytes(random);
        this.schema = "sluice_replay_" + HexFormat.of().formatHex(random);
        this.staging = schema + "_in";
    }

    /** The schema of the replay's tables (dropped on {@link #close()}). */
    public String schema() {
        return schema;
    }

    @Override
    public void create(BitemporalTable table) throws SQLException {
        try (Statement s = postgres.createStatement()) {
            s.execute("SET TimeZone = 'UTC'");
            s.execute("CREATE SCHEMA " + schema);
            s.execute("CREATE SCHEMA " + staging);
        }
        this.table = table;
        new PostgresBitemporalMerge().createTables(postgres, schema, table);
    }

    @Override
    public WriteResult write(Batch batch, Replace replace, Instant requestedSystemTime) throws SQLException {
        String rows = staging + ".batch_rows";
        String markers = staging + ".batch_markers";
        StagedBatch.stage(postgres, table, batch, rows, markers);
        return new PostgresBitemporalMerge()
                .write(postgres, schema, table, rows, Optional.of(markers), replace, requestedSystemTime);
    }

    @Override
    public String versions() throws SQLException {
        new BitemporalMerge().createTables(duckDb, table);
        String versions = quote(table.name());
        copy(new BoundQuery("SELECT * FROM " + quote(schema) + "." + versions, List.of()), versions);
        return versions;
    }

    @Override
    public BoundQuery asOf(LocalDate businessDate, Instant systemTime) throws SQLException {
        String probe = quote(table.name() + "__probe");
        try (Statement s = duckDb.createStatement()) {
            if (!probeTable) {
                s.execute("CREATE TEMP TABLE " + probe + " AS SELECT * FROM " + quote(table.name()) + " LIMIT 0");
                probeTable = true;
            }
            s.execute("DELETE FROM " + probe);
        }
        copy(BitemporalQueries.asOf(schema, table, businessDate, systemTime), probe);
        return new BoundQuery("SELECT * FROM " + probe, List.of());
    }

    /**
     * Inserts the version columns of {@code query}'s rows (on PostgreSQL) into {@code target} (on DuckDB) in bulk: the
     * rows, as PostgreSQL's text, go into a temporary table by one bound INSERT (COPY takes no parameters), out with one
     * {@code COPY ... TO STDOUT} into a CSV file, and into {@code target} with one DuckDB statement that reads it (each value
     * cast back to its column's type, as the INSERT of a text value does).
     */
    private void copy(BoundQuery query, String target) throws SQLException {
        List<String> columns = table.versionColumns();
        String text =
                columns.stream().map(c -> "CAST(" + quote(c) + " AS TEXT)").collect(Collectors.joining(", "));
        try (Statement s = postgres.createStatement()) {
            s.execute("DROP TABLE IF EXISTS pg_temp.replay_copy");
            s.execute("CREATE TEMP TABLE replay_copy ("
                    + IntStream.range(0, columns.size())
                            .mapToObj(i -> "c" + i + " TEXT")
                            .collect(Collectors.joining(", "))
                    + ")");
        }
        BoundQuery fill = new BoundQuery(
                "INSERT INTO replay_copy SELECT " + text + " FROM (" + query.sql() + ") AS q", query.parameters());
        long rows;
        try (PreparedStatement insert = fill.prepare(postgres)) {
            rows = insert.executeLargeUpdate();
        }
        if (rows == 0) {
            return;
        }
        Path csv = null;
        try {
            csv = Files.createTempFile("sluice-replay-", ".csv");
            try (OutputStream out = Files.newOutputStream(csv)) {
                postgres.unwrap(PGConnection.class)
                        .getCopyAPI()
                        .copyOut("COPY replay_copy TO STDOUT (FORMAT csv)", out);
            }
            // an empty string is quoted in the file ("") and stays one; an unquoted empty field is NULL
            String read = "read_csv(?, header = false, delim = ',', quote = '\"', escape = '\"', "
                    + "allow_quoted_nulls = false, columns = {"
                    + IntStream.range(0, columns.size())
                            .mapToObj(i -> "'c" + i + "': 'VARCHAR'")
                            .collect(Collectors.joining(", "))
                    + "})";
            try (PreparedStatement insert = duckDb.prepareStatement("INSERT INTO " + target + " ("
                    + columns.stream().map(PostgresEngine::quote).collect(Collectors.joining(", "))
                    + ") SELECT * FROM " + read)) {
                insert.setString(1, csv.toString());
                insert.executeUpdate();
            }
        } catch (IOException e) {
            throw new SQLException("copying the replay's rows from PostgreSQL failed: " + e.getMessage(), e);
        } finally {
            if (csv != null) {
                try {
                    Files.deleteIfExists(csv);
                } catch (IOException e) {
                    // a temporary file left behind
                }
            }
        }
    }

    /** Drops the replay's schemas. */
    @Override
    public void close() throws SQLException {
        try (Statement s = postgres.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + staging + " CASCADE");
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    private static String quote(String name) {
        return "\"" + name + "\"";
    }
}
