package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BatchSource;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Repeated writes to one bi-temporal table on one connection (see {@link BitemporalMerge} for what a write does).
 * It keeps its prepared statements and the table's temp tables between writes, which makes small writes several
 * milliseconds cheaper; {@link #close()} releases both. Not thread-safe, like the connection; at most one open
 * session per table and connection, and the table must not be dropped while the session is open.
 */
public final class BitemporalSession implements AutoCloseable {

    private final Connection connection;
    private final BitemporalTable table;
    private final InstantSource clock;
    private final TempTables temps;
    private final StagingSql staging;
    private final KnowledgeSql knowledge;
    private final VersionSql versions;
    private final Statements db;
    /** Where the tables and temp tables stand (created and committed, created in the caller's transaction, or not known). */
    private final SessionSetup setup = new SessionSetup();

    private final SessionOptions options;
    private final SmallWriter smallWriter;
    private final FirstLoadWriter firstLoad;
    private final KnowledgeMerge knowledgeMerge;
    private final Rejections rejections;
    private final SessionClustering clustering;
    /** The batch of the write in progress, loaded into the staging temp tables. */
    private final BatchInputs inputs;
    /** Whether re-clustering is left to {@link #maintain()} (see {@link #deferClustering()}). */
    private boolean deferredClustering;
    /**
     * Whether this session has seen current versions or knowledge in the table: then writes skip the check for an
     * empty table (taking the general path is always correct, the first-load path only faster).
     */
    private boolean holdsKnowledge;
    /** How many writes of this session the small path decided. */
    private long smallWritesDone;

    /** The write in progress: whether it joined the caller's transaction, used the general temp tables, appended rows. */
    private boolean inCallerTransaction;

    private boolean usedGeneralTemps;
    /** The rows the write in progress appended (as {@link SessionClustering} counts them). */
    private long touchedByWrite;

    BitemporalSession(Connection connection, BitemporalTable table, InstantSource clock) {
        this(connection, table, clock, SessionOptions.DEFAULT);
    }

    BitemporalSession(Connection connection, BitemporalTable table, InstantSource clock, SessionOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.connection = Objects.requireNonNull(connection, "connection");
        this.table = Objects.requireNonNull(table, "table");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.temps = new TempTables(table);
        this.staging = new StagingSql(table, temps, options.firstLoad() == FirstLoad.COLLIDING_VALUE_IDS);
        this.knowledge = new KnowledgeSql(table, temps);
        this.versions = new VersionSql(table, temps);
        this.db = new Statements(connection);
        this.inputs = new BatchInputs(connection, table, temps, staging, db);
        this.smallWriter = new SmallWriter(table, new SmallWriteSql(table, temps), versions, db);
        this.clustering = new SessionClustering(table, options.clustering(), db);
        this.rejections = new Rejections(db, staging);
        this.firstLoad =
                new FirstLoadWriter(table, db, temps, staging, knowledge, versions, options.firstLoad(), rejections);
        this.knowledgeMerge = new KnowledgeMerge(table, db, knowledge, versions);
    }

    /** How many times this session re-clustered the table and its companion tables (see {@link ClusteringSql}). */
    public long reclusterings() {
        return clustering.reclusterings();
    }

    /** How many writes of this session were small writes (decided by {@link SmallWrite}). */
    public long smallWritesDone() {
        return smallWritesDone;
    }

    public BitemporalTable table() {
        return table;
    }

    /** Writes at the clock's time (or just after the table's last system time, if that is later). */
    public WriteResult write(BatchSource batch, Replace replace) throws SQLException {
        return write(batch, replace, clock.instant());
    }

    /**
     * Writes one batch in one transaction: the connection's own if it is in auto-commit mode, else the caller's
     * (who then commits or rolls back). The system time is {@code requestedSystemTime} (truncated to microseconds)
     * if it is later than every system_from and system_to in the table, else the latest of those + 1 µs.
     */
    public WriteResult write(BatchSource batch, Replace replace, Instant requestedSystemTime) throws SQLException {
        Objects.requireNonNull(batch, "batch");
        Objects.requireNonNull(replace, "replace");
        Objects.requireNonNull(requestedSystemTime, "requestedSystemTime");
        return transact(() -> run(batch, replace, requestedSystemTime.truncatedTo(ChronoUnit.MICROS)));
    }

    /**
     * Makes the knowledge base believed at system time {@code asOf} current again (none at all if {@code asOf} is
     * null) and recomputes the timelines of the scopes whose knowledge changes, as a write: versions that differ are closed and
     * new ones opened at one new system time, chosen like a write's; nothing is deleted. Rolling back to the current
     * knowledge writes nothing. Later writes then split history exactly as they would have after {@code asOf}.
     * Transactions as for {@link #write(BatchSource, Replace, Instant)}.
     */
    public WriteResult rollback(Instant asOf, Instant requestedSystemTime) throws SQLException {
        return rollback(asOf, requestedSystemTime, Optional.empty());
    }

    /**
     * As {@link #rollback(Instant, Instant)} for the filings and assertions whose date lies in {@code dates} (all if
     * empty): the knowledge of every other date stays as it is.
     */
    public WriteResult rollback(Instant asOf, Instant requestedSystemTime, Optional<DateRange> dates)
            throws SQLException {
        Objects.requireNonNull(requestedSystemTime, "requestedSystemTime");
        String at =
                asOf == null ? "-infinity" : asOf.truncatedTo(ChronoUnit.MICROS).toString();
        return transact(() -> {
            db.updateAll(temps.clearInputs()); // begins the transaction
            generalTemps();
            boolean filingsChanged = table.completeMode() && db.update(knowledge.filingDiffAsOf(dates), at, at) > 0;
            boolean assertionsChanged = db.update(knowledge.assertionDiffAsOf(dates), at, at) > 0;
            return filingsChanged || assertionsChanged
                    ? merge(
                            0,
                            filingsChanged,
                            assertionsChanged,
                            systemTime(requestedSystemTime.truncatedTo(ChronoUnit.MICROS)))
                    : WriteResult.unchanged(0);
        });
    }

    private interface Work {
        WriteResult run() throws SQLException;
    }

    private WriteResult transact(Work work) throws SQLException {
        boolean ownTransaction = connection.getAutoCommit();
        setup.writeBegins();
        inCallerTransaction = !ownTransaction;
        if (setup.tablesNeeded()) {
            // auto-committed, or inside the caller's transaction, which may still be rolled back (see committed())
            db.execute(setUp());
            BitemporalMerge.migrateLayout(db, knowledge);
            setup.tablesCreated(ownTransaction);
        }
        if (ownTransaction) {
            connection.setAutoCommit(false);
        }
        usedGeneralTemps = false;
        touchedByWrite = 0;
        try {
            WriteResult result = work.run();
            clustering.appended(touchedByWrite);
            if (!deferredClustering && !result.isRejected() && maintenanceDue()) {
                clustering.clusterIfDue();
            }
            db.execute(usedGeneralTemps ? temps.clearTemps() : inputs.clearStaged()); // one call
            inputs.emptied();
            if (ownTransaction) {
                if (result.isRejected()) {
                    connection.rollback();
                    setup.ownTransactionRolledBack(); // if this write created temp tables, the rollback took them away
                } else {
                    db.commit();
                }
            }
            return result;
        } catch (SQLException | RuntimeException e) {
            inputs.failed();
            if (ownTransaction) {
                rollbackQuietly(e);
                setup.ownTransactionRolledBack();
            }
            throw e;
        } finally {
            if (ownTransaction) {
                connection.setAutoCommit(true);
            }
        }
    }

    /**
     * Leaves re-clustering to {@link #maintain()}, which the owner of this session runs after a write's transaction
     * (in a transaction of its own, off the path of the write): then no write waits for a rewrite of the table.
     */
    public void deferClustering() {
        deferredClustering = true;
    }

    /**
     * Whether {@link #maintain()} has something to do: this session's writes appended enough rows since the table was
     * last measured, in tables that were committed.
     */
    public boolean maintenanceDue() {
        return clustering.due(setup.tablesCommitted());
    }

    /**
     * If {@link #maintenanceDue()}, measures the table's unsorted tail and re-clusters it if {@link Clustering} says so
     * (see {@link ClusteringSql}); transactions as for {@link #write(BatchSource, Replace, Instant)}. Returns whether it
     * re-clustered. If the caller then rolls its transaction back, the session has still counted the check and the
     * re-clustering as done: drop the session then (the lake drops its sessions after any failed write).
     */
    public boolean maintain() throws SQLException {
        if (!maintenanceDue()) {
            return false;
        }
        boolean ownTransaction = connection.getAutoCommit();
        if (ownTransaction) {
            connection.setAutoCommit(false);
        }
        try {
            boolean reclustered = clustering.clusterIfDue();
            if (ownTransaction) {
                db.commit();
            }
            return reclustered;
        } catch (SQLException | RuntimeException e) {
            if (ownTransaction) {
                rollbackQuietly(e);
            }
            throw e;
        } finally {
            if (ownTransaction) {
                connection.setAutoCommit(true);
            }
        }
    }

    /**
     * For writes that join the caller's transactions: tells the session that the caller committed the transaction of
     * its last write, so the tables and temp tables that write created stay, and later writes skip creating them
     * (a few milliseconds each). Call it only right after that commit; after a rollback, do not.
     */
    public void committed() {
        setup.committed();
    }

    /** Closes the prepared statements and drops the temp tables. */
    @Override
    public void close() throws SQLException {
        try {
            db.close();
        } finally {
            if (!connection.isClosed()) {
                db.execute(temps.dropTemps(setup.generalTempsEver()));
            }
        }
    }

    private List<String> setUp() {
        List<String> setUp = new ArrayList<>(knowledge.createTables());
        setUp.addAll(temps.createStagingTemps());
        return setUp;
    }

    /** Creates the general path's temp tables unless they exist; the write in progress uses them. */
    private void generalTemps() throws SQLException {
        if (setup.generalTempsNeeded()) {
            db.execute(temps.createGeneralTemps());
            setup.generalTempsCreated(inCallerTransaction); // the caller may still roll back its transaction
        }
        usedGeneralTemps = true;
    }

    private WriteResult run(BatchSource batch, Replace replace, Instant requested) throws SQLException {
        if (batch instanceof Batch) {
            // DuckDB's JDBC driver begins a transaction at the first statement, and an appender used before that
            // commits on its own: this statement both begins the write's transaction and drops any leftovers.
            db.updateAll(temps.clearInputs());
        }
        // most tables have current versions: one EXISTS answers, the full check runs only when it finds none
        boolean empty = !holdsKnowledge
                && !(Boolean) db.row(versions.hasCurrentVersions()).get(0)
                && (Boolean) db.row(versions.emptyNow()).get(0);
        if (!empty
                && replace == Replace.ALL
                && batch instanceof SourceQuery query
                && query.markers().isEmpty()) {
            KnowledgeSql.Same same = KnowledgeSql.Same.of(db.row(knowledge.sameKnowledge(staging.typed(query.rows()))));
            if (same.same()) {
                return WriteResult.unchanged(same.rowsIn()); // a re-run: nothing to stage
            }
        }
        String rows = inputs.load(batch);
        if (empty) {
            generalTemps();
            Optional<WriteResult> first = firstLoad.write(rows, systemTimeParameters(requested));
            if (first.isPresent()) {
                holdsKnowledge |= first.get().knowledgeTime().isPresent();
                return first.get();
            }
            // two value tuples of the batch share a 64-bit id (astronomically rare): the general path is exact
            db.update(staging.clearRows());
        }
        long staged = db.update(staging.stageDistinctRows(rows));
        if (options.smallWrites() && replace != Replace.ALL && staged <= SmallWriter.MAX_ROWS) {
            Optional<WriteResult> decided = smallWriter.write(replace, staged, systemTimeParameters(requested));
            if (decided.isPresent()) {
                touchedByWrite += smallWriter.lastRowsAppended();
                smallWritesDone++;
                holdsKnowledge = true;
                return decided.get();
            }
        }
        generalTemps();
        // the system time comes with the validation (one query less), read in the write's transaction before anything
        // is written, as it would be later
        Validation validation = Validation.of(
                db.row(staging.validation(true, versions.systemTime()), systemTimeParameters(requested)),
                Validation.Extra.REPEATED_KEYS,
                true);
        Instant systemTime = validation.systemTime().orElseThrow();
        if (validation.repeatedKeys()) {
            // a (key, date) repeats: stage the rows grouped by (key, date) instead
            db.update(staging.clearRows());
            db.update(staging.stageRows(rows));
            validation = Validation.of(db.row(staging.validation(false)), Validation.Extra.NONE, false);
        }
        long rowsIn = validation.rowsIn();
        Optional<String> rejection = rejections.of(validation, rows);
        if (rejection.isPresent()) {
            return WriteResult.rejected(rowsIn, rejection.get());
        }
        if (table.completeMode()) {
            db.update(knowledge.batchFilings());
        }
        holdsKnowledge = true;
        boolean filingsChanged = table.completeMode() && db.update(knowledge.filingDiff(replace)) > 0;
        boolean assertionsChanged = db.update(knowledge.assertionDiff(replace)) > 0;
        return merge(rowsIn, filingsChanged, assertionsChanged, systemTime);
    }

    /** Merges the knowledge base difference of the write in progress (see {@link KnowledgeMerge}). */
    private WriteResult merge(long rowsIn, boolean filingsChanged, boolean assertionsChanged, Instant systemTime)
            throws SQLException {
        WriteResult result = knowledgeMerge.apply(rowsIn, filingsChanged, assertionsChanged, systemTime);
        touchedByWrite += knowledgeMerge.lastRowsAppended();
        return result;
    }

    private Instant systemTime(Instant requested) throws SQLException {
        long micros = ((Number) db.row(versions.systemTime(), systemTimeParameters(requested))
                        .get(0))
                .longValue();
        return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    }

    private String[] systemTimeParameters(Instant requested) {
        String[] parameters = new String[versions.systemTimeParameters()];
        Arrays.fill(parameters, requested.toString());
        return parameters;
    }

    private void rollbackQuietly(Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
