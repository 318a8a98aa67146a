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
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A replay's writes and queries on PostgreSQL ({@link PostgresBitemporalMerge}, {@link BitemporalQueries}), in a fresh
 * schema {@code sluice_replay_<random>} (and {@code sluice_replay_<random>_in} for the staged batches) dropped on
 * {@link #close()}. What the replay writes out, PostgreSQL's version table and the rows of its as-of answers, is
 * handed to the replay's DuckDB connection value for value (each value as PostgreSQL's text, cast back to the DuckDB
 * engine's type of its column), so that the CSV and the probe answers are written by the same code, with the same text,
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

    /** Inserts the version columns of {@code query}'s rows (on PostgreSQL) into {@code target} (on DuckDB). */
    private void copy(BoundQuery query, String target) throws SQLException {
        List<String> columns = table.versionColumns();
        String text =
                columns.stream().map(c -> "CAST(" + quote(c) + " AS TEXT)").collect(Collectors.joining(", "));
        BoundQuery asText = new BoundQuery("SELECT " + text + " FROM (" + query.sql() + ") AS q", query.parameters());
        try (PreparedStatement read = asText.prepare(postgres);
                ResultSet rs = read.executeQuery();
                PreparedStatement insert = duckDb.prepareStatement("INSERT INTO " + target + " ("
                        + columns.stream().map(PostgresEngine::quote).collect(Collectors.joining(", "))
                        + ") VALUES (" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")")) {
            while (rs.next()) {
                for (int i = 1; i <= columns.size(); i++) {
                    insert.setString(i, rs.getString(i));
                }
                insert.addBatch();
            }
            insert.executeBatch();
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
