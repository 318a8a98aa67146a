package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BatchSource;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Objects;
import java.util.Optional;

/**
 * The bi-temporal merge writer (docs/bitemporal.md): one write is one batch, one transaction and at most one system
 * time. Everything runs as set-based SQL on the given DuckDB connection:
 * <ol>
 *   <li>stage the batch in temp tables and validate it (NULL key, date or marker scope; conflicting duplicates):
 *       a rejected batch writes nothing, companion tables included;</li>
 *   <li>update the knowledge base ({@code t__assertions}, {@code t__filings}) as {@link Replace} says, writing only
 *       what differs;</li>
 *   <li>recompute the timelines of the scopes whose knowledge changed, compare them with their current versions by
 *       (key, valid_from, valid_to, value_hash), close the removed versions and insert the new ones at one system time
 *       T. A write that changes no version creates no system instant.</li>
 * </ol>
 * If the connection is in auto-commit mode the writer runs its own transaction; otherwise it joins the caller's
 * (and the caller commits or rolls back). For many writes on one connection, a {@link #session} is cheaper.
 */
public final class BitemporalMerge {

    private final InstantSource clock;

    public BitemporalMerge(InstantSource clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public BitemporalMerge() {
        this(InstantSource.system());
    }

    /** A session for repeated writes to {@code table} on {@code connection}; close it when done. */
    public BitemporalSession session(Connection connection, BitemporalTable table) {
        return new BitemporalSession(connection, table, clock);
    }

    /** Writes at the clock's time (or just after the table's last system time, if that is later). */
    public WriteResult write(Connection connection, BitemporalTable table, BatchSource batch, Replace replace)
            throws SQLException {
        return write(connection, table, batch, replace, clock.instant());
    }

    /**
     * Writes one batch. The system time is {@code requestedSystemTime} (truncated to microseconds) if it is later
     * than every system_from and system_to in the table, else the latest of those + 1 µs.
     */
    public WriteResult write(
            Connection connection,
            BitemporalTable table,
            BatchSource batch,
            Replace replace,
            Instant requestedSystemTime)
            throws SQLException {
        try (BitemporalSession session = session(connection, table)) {
            return session.write(batch, replace, requestedSystemTime);
        }
    }

    /**
     * Makes the knowledge base believed at system time {@code asOf} (none if null) current again, as a write at a new
     * system time: see {@link BitemporalSession#rollback}.
     */
    public WriteResult rollback(Connection connection, BitemporalTable table, Instant asOf, Instant requestedSystemTime)
            throws SQLException {
        return rollback(connection, table, asOf, requestedSystemTime, Optional.empty());
    }

    /** As above, for the filings and assertions of the {@code dates} only (all of them if empty); every other date keeps its current belief. */
    public WriteResult rollback(
            Connection connection,
            BitemporalTable table,
            Instant asOf,
            Instant requestedSystemTime,
            Optional<DateRange> dates)
            throws SQLException {
        try (BitemporalSession session = session(connection, table)) {
            return session.rollback(asOf, requestedSystemTime, dates);
        }
    }

    /**
     * Creates the version table and its companion tables if they do not exist, and gives companion tables of an
     * older layout their system-time columns. Run it in a transaction of its own (or auto-commit) before large writes.
     */
    public void createTables(Connection connection, BitemporalTable table) throws SQLException {
        KnowledgeSql knowledge = new KnowledgeSql(table, new TempTables(table));
        try (Statements statements = new Statements(connection)) {
            statements.execute(knowledge.createTables());
            migrateLayout(statements, knowledge);
        }
    }

    /** Adds the system-time columns to the companion tables if one of them lacks them (an older layout). */
    static void migrateLayout(Statements db, KnowledgeSql knowledge) throws SQLException {
        for (String layout : knowledge.companionLayouts()) {
            if (!db.columns(layout).contains("sys_to")) {
                db.execute(knowledge.addSystemTime());
                return;
            }
        }
    }
}
