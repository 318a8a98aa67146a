package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BatchSource;
import io.sluice.lake.duckdb.bitemporal.DateRange;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.duckdb.bitemporal.WriteResult;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
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
    /**
     * Whether the tables and the staging temp tables were created (and companions of an older layout migrated) in a
     * transaction that committed, so that no rollback can take them away: then writes skip creating them.
     */
    private boolean tablesCommitted;
    /**
     * Whether the last write created the tables and staging temp tables ({@code tablesPending}) or the general path's
     * temp tables ({@code generalTempsPending}) in the caller's transaction, which the caller may still roll back:
     * until {@link #committed()} confirms them, the next write creates them again if missing.
     */
    private boolean tablesPending;
    private boolean generalTempsPending;
    /** Whether the write in progress joined the caller's transaction. */
    private boolean inCallerTransaction;
    /**
     * Whether this session has seen current versions or knowledge in the table: then writes skip the check for an
     * empty table (taking the general path is always correct, the first-load path only faster).
     */
    private boolean holdsKnowledge;

    /** How a first load hashes values: as it judges best, or (tests only) one way, or with 1-bit value ids. */
    enum FirstLoad {
        AUTO, VALUE_TUPLES, ROW_HASHES, COLLIDING_VALUE_IDS
    }

    private final FirstLoad firstLoadMode;
    /** Whether small NONE and SCOPES writes are decided in Java ({@link SmallWrite}); tests compare with the general path. */
    private final boolean smallWrites;
    private final SmallWriter smallWriter;
    /** Whether the general path's temp tables are known to exist (they are created when a write first needs them). */
    private boolean generalTemps;
    /** Whether they were ever created on this connection (then closing drops them). */
    private boolean generalTempsEver;
    /** Whether the write in progress used them (else only the staging temp tables are emptied at its end). */
    private boolean usedGeneralTemps;
    /**
     * Whether the write in progress filled the input tables of an in-memory batch, or the staged markers; both are
     * true after a write that failed, so that the next one empties every staging temp table whatever was left.
     */
    private boolean usedInputs = true;
    private boolean usedMarkers = true;
    /** How many writes of this session the small path decided. */
    private long smallWritesDone;
    private final ClusteringSql clustering;
    private final Clustering clusteringPolicy;
    /**
     * The rows this session's writes appended to the three tables since it last measured the unsorted tail (see
     * {@link Clustering}): the versions they opened and the companion rows they inserted (in the general path, an upper
     * bound: the companion rows closed too). A first load inserts its rows sorted by scope and is not counted.
     */
    private long appendedSinceCheck;
    /** The rows the write in progress appended (as counted for {@link #appendedSinceCheck}). */
    private long touchedByWrite;
    private long reclusterings;
    /** Whether re-clustering is left to {@link #maintain()} (see {@link #deferClustering()}). */
    private boolean deferredClustering;

    BitemporalSession(Connection connection, BitemporalTable table, InstantSource clock) {
        this(connection, table, clock, FirstLoad.AUTO);
    }

    BitemporalSession(Connection connection, BitemporalTable table, InstantSource clock, FirstLoad firstLoadMode) {
        this(connection, table, clock, firstLoadMode, true);
    }

    BitemporalSession(Connection connection, BitemporalTable table, InstantSource clock, FirstLoad firstLoadMode,
                      boolean smallWrites) {
        this(connection, table, clock, firstLoadMode, smallWrites, Clustering.DEFAULT);
    }

    /** {@code clusteringPolicy}: tests re-cluster more often than {@link Clustering#DEFAULT}, or never. */
    BitemporalSession(Connection connection, BitemporalTable table, InstantSource clock, FirstLoad firstLoadMode,
                      boolean smallWrites, Clustering clusteringPolicy) {
        this.clusteringPolicy = Objects.requireNonNull(clusteringPolicy, "clusteringPolicy");
        this.clustering = new ClusteringSql(table);
        this.connection = Objects.requireNonNull(connection, "connection");
        this.table = Objects.requireNonNull(table, "table");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.temps = new TempTables(table);
        this.firstLoadMode = Objects.requireNonNull(firstLoadMode, "firstLoadMode");
        this.staging = new StagingSql(table, temps, firstLoadMode == FirstLoad.COLLIDING_VALUE_IDS);
        this.knowledge = new KnowledgeSql(table, temps);
        this.versions = new VersionSql(table, temps);
        this.smallWrites = smallWrites;
        this.db = new Statements(connection);
        this.smallWriter = new SmallWriter(table, new SmallWriteSql(table, temps), versions, db);
    }

    /** How many times this session re-clustered the table and its companion tables (see {@link ClusteringSql}). */
    public long reclusterings() {
        return reclusterings;
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
        return rollback(asOf, requestedSystemTime, java.util.Optional.empty());
    }

    /**
     * As {@link #rollback(Instant, Instant)} for the filings and assertions whose date lies in {@code dates} (all if
     * empty): the knowledge of every other date stays as it is.
     */
    public WriteResult rollback(Instant asOf, Instant requestedSystemTime, java.util.Optional<DateRange> dates) throws SQLException {
        Objects.requireNonNull(requestedSystemTime, "requestedSystemTime");
        String at = asOf == null ? "-infinity" : asOf.truncatedTo(ChronoUnit.MICROS).toString();
        return transact(() -> {
            db.updateAll(temps.clearInputs()); // begins the transaction
            generalTemps();
            boolean filingsChanged = table.completeMode() && db.update(knowledge.filingDiffAsOf(dates), at, at) > 0;
            boolean assertionsChanged = db.update(knowledge.assertionDiffAsOf(dates), at, at) > 0;
            return filingsChanged || assertionsChanged
                    ? apply(0, filingsChanged, assertionsChanged, systemTime(requestedSystemTime.truncatedTo(ChronoUnit.MICROS)))
                    : WriteResult.unchanged(0);
        });
    }

    private interface Work {
        WriteResult run() throws SQLException;
    }

    private WriteResult transact(Work work) throws SQLException {
        boolean ownTransaction = connection.getAutoCommit();
        if (generalTempsPending) {
            // the caller's transaction that created the general temp tables was not reported committed: they may be gone
            generalTemps = false;
            generalTempsPending = false;
        }
        inCallerTransaction = !ownTransaction;
        if (!tablesCommitted) {
            // auto-committed, or inside the caller's transaction, which may still be rolled back (see committed())
            db.execute(setUp());
            migrateLayout(db, knowledge);
            tablesCommitted = ownTransaction;
            tablesPending = !ownTransaction;
        }
        if (ownTransaction) {
            connection.setAutoCommit(false);
        }
        usedGeneralTemps = false;
        touchedByWrite = 0;
        try {
            WriteResult result = work.run();
            appendedSinceCheck += touchedByWrite;
            if (!deferredClustering && !result.isRejected() && maintenanceDue()) {
                clusterIfDue();
            }
            db.execute(usedGeneralTemps ? temps.clearTemps() : temps.clearStaged(usedInputs, usedMarkers)); // one call
            usedInputs = false;
            usedMarkers = false;
            if (ownTransaction) {
                if (result.isRejected()) {
                    connection.rollback();
                    generalTemps = false; // if this write created them, the rollback took them away
                } else {
                    db.commit();
                }
            }
            return result;
        } catch (SQLException | RuntimeException e) {
            usedInputs = true;
            usedMarkers = true;
            if (ownTransaction) {
                rollbackQuietly(e);
                generalTemps = false;
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
        return tablesCommitted && appendedSinceCheck >= clusteringPolicy.checkEvery();
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
            boolean reclustered = clusterIfDue();
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

    private boolean clusterIfDue() throws SQLException {
        appendedSinceCheck = 0; // also when the check or the re-clustering fails: the next check is as far away
        if (!clusteringDue()) {
            return false;
        }
        recluster();
        return true;
    }

    /**
     * Whether to re-cluster now, as {@link Clustering} decides from the unsorted tail it measures in the table (so that
     * rewriting a large table stays rare next to the writes it speeds up, and the unsorted rows stay under a tenth of
     * the table: a few row groups that every write scans).
     */
    private boolean clusteringDue() throws SQLException {
        if (clusteringPolicy.always()) {
            return true;
        }
        List<Object> tail = db.row(clustering.unsortedTail(clusteringPolicy.groupRows()));
        return clusteringPolicy.due(((Number) tail.get(0)).longValue(), ((Number) tail.get(1)).longValue());
    }

    /**
     * Rewrites the table and its companion tables sorted by scope, in the transaction of the write or of {@link #maintain()} (see
     * {@link ClusteringSql}): the same rows, in row groups that a write's scope filter can skip again.
     */
    private void recluster() throws SQLException {
        long started = System.nanoTime();
        long rewritten = 0;
        for (ClusteringSql.Table t : clustering.tables()) {
            Object last = db.row(t.lastRowid()).get(0);
            if (last == null) {
                continue;
            }
            long copied = db.update(t.copySorted());
            long deleted = db.update(t.deleteOriginals(), last.toString());
            if (copied != deleted) {
                throw new IllegalStateException("re-clustering " + t.name() + " copied " + copied + " rows but removed " + deleted);
            }
            rewritten += copied;
        }
        reclusterings++;
        LOG.log(System.Logger.Level.INFO, "re-clustered bi-temporal table {0} by scope: {1} rows rewritten in {2} ms",
                table.name(), rewritten, (System.nanoTime() - started) / 1_000_000);
    }

    private static final System.Logger LOG = System.getLogger(BitemporalSession.class.getName());

    /** Adds the system-time columns to the companion tables if one of them lacks them (an older layout). */
    static void migrateLayout(Statements db, KnowledgeSql knowledge) throws SQLException {
        for (String layout : knowledge.companionLayouts()) {
            if (!db.columns(layout).contains("sys_to")) {
                db.execute(knowledge.addSystemTime());
                return;
            }
        }
    }

    /**
     * For writes that join the caller's transactions: tells the session that the caller committed the transaction of
     * its last write, so the tables and temp tables that write created stay, and later writes skip creating them
     * (a few milliseconds each). Call it only right after that commit; after a rollback, do not.
     */
    public void committed() {
        tablesCommitted |= tablesPending;
        tablesPending = false;
        generalTempsPending = false;
    }

    /** Closes the prepared statements and drops the temp tables. */
    @Override
    public void close() throws SQLException {
        try {
            db.close();
        } finally {
            if (!connection.isClosed()) {
                db.execute(temps.dropTemps(generalTempsEver));
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
        if (!generalTemps) {
            db.execute(temps.createGeneralTemps());
            generalTemps = true;
            generalTempsEver = true;
            generalTempsPending |= inCallerTransaction; // the caller may still roll back the transaction
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
        boolean empty = !holdsKnowledge && !(Boolean) db.row(versions.hasCurrentVersions()).get(0)
                && (Boolean) db.row(versions.emptyNow()).get(0);
        if (!empty && replace == Replace.ALL && batch instanceof SourceQuery query && query.markers().isEmpty()) {
            List<Object> same = db.row(knowledge.sameKnowledge(staging.typed(query.rows())));
            if ((Boolean) same.get(0)) {
                return WriteResult.unchanged(((Number) same.get(1)).longValue()); // a re-run: nothing to stage
            }
        }
        String rows = load(batch);
        if (empty) {
            generalTemps();
            Optional<WriteResult> first = firstLoad(rows, requested);
            if (first.isPresent()) {
                return first.get();
            }
            // two value tuples of the batch share a 64-bit id (astronomically rare): the general path is exact
            db.update(staging.clearRows());
        }
        long staged = db.update(staging.stageDistinctRows(rows));
        if (smallWrites && replace != Replace.ALL && staged <= SmallWriter.MAX_ROWS) {
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
        List<Object> validation = db.row(staging.validation(true, versions.systemTime()), systemTimeParameters(requested));
        Instant systemTime = Instant.EPOCH.plus(((Number) validation.get(validation.size() - 1)).longValue(), ChronoUnit.MICROS);
        if ((Boolean) validation.get(3)) {
            // a (key, date) repeats: stage the rows grouped by (key, date) instead
            db.update(staging.clearRows());
            db.update(staging.stageRows(rows));
            validation = db.row(staging.validation(false));
        }
        long rowsIn = ((Number) validation.get(0)).longValue();
        Optional<String> rejection = rejection(validation, rows);
        if (rejection.isPresent()) {
            return WriteResult.rejected(rowsIn, rejection.get());
        }
        if (table.completeMode()) {
            db.update(knowledge.batchFilings());
        }
        holdsKnowledge = true;
        boolean filingsChanged = table.completeMode() && db.update(knowledge.filingDiff(replace)) > 0;
        boolean assertionsChanged = db.update(knowledge.assertionDiff(replace)) > 0;
        return apply(rowsIn, filingsChanged, assertionsChanged, systemTime);
    }

    /**
     * A table without current versions or knowledge: whatever {@link Replace} says, the batch becomes the knowledge
     * base, and its timeline is computed from the batch alone and inserted, without diffs against empty tables. The
     * rows are staged with a 64-bit id of their values instead of their md5 ({@link StagingSql#stageValueIds}); if the
     * values repeat, the md5 is computed once per distinct value tuple and the timeline's window runs on the id,
     * otherwise the rows are staged again with their md5, as the general path stages them. Empty if two tuples share
     * an id: then nothing is written yet and the caller takes the general path.
     */
    private Optional<WriteResult> firstLoad(String rows, Instant requested) throws SQLException {
        long staged = db.update(staging.stageValueIds(rows));
        boolean byValueId = switch (firstLoadMode) {
            case AUTO -> staged < StagingSql.SMALL_BATCH || StagingSql.fewValueTuples(staged,
                    ((Number) db.row(staging.valueIdSpread()).get(0)).longValue());
            case ROW_HASHES -> false;
            case VALUE_TUPLES, COLLIDING_VALUE_IDS -> true;
        };
        if (byValueId) {
            db.update(staging.valueTuples());
        } else {
            db.update(staging.clearRows());
            db.update(staging.stageDistinctRows(rows));
        }
        // the system time comes with the validation, read in the write's transaction before anything is written
        List<Object> validation = db.row(staging.validation(false, byValueId ? staging.valueIdCollision() : "SELECT false",
                versions.systemTime()), systemTimeParameters(requested));
        if ((Boolean) validation.get(3)) {
            db.update(temps.clearValues());
            return Optional.empty();
        }
        Instant systemTime = Instant.EPOCH.plus(((Number) validation.get(4)).longValue(), ChronoUnit.MICROS);
        long rowsIn = ((Number) validation.get(0)).longValue();
        Optional<String> rejection = rejection(validation, rows);
        if (rejection.isPresent()) {
            return Optional.of(WriteResult.rejected(rowsIn, rejection.get()));
        }
        if (table.completeMode()) {
            db.update(knowledge.batchFilings());
        }
        db.update(versions.firstLoadEdges(byValueId));
        if ((Boolean) db.row(versions.repeatedEdges()).get(0)) {
            // a (key, date) repeats: group the rows by (key, date), as the general path stages them, and start over
            db.update(staging.clearRows());
            db.update(temps.clearEdges());
            db.update(byValueId ? staging.stageValueIdsGrouped(rows) : staging.stageRows(rows));
            rejection = rejection(db.row(staging.validation(false)), rows);
            if (rejection.isPresent()) {
                return Optional.of(WriteResult.rejected(rowsIn, rejection.get()));
            }
            db.update(versions.firstLoadEdges(byValueId));
        }
        String t = systemTime.toString();
        long filed = table.completeMode() ? db.update(knowledge.openBatchFilings(), t) : 0;
        boolean clustered = (Boolean) db.row(knowledge.stagedClustered()).get(0);
        long asserted = db.update(knowledge.openBatchAssertions(byValueId, clustered), t);
        if (filed + asserted == 0) {
            return Optional.of(WriteResult.unchanged(rowsIn));
        }
        holdsKnowledge = true;
        long opened = db.update(versions.openFromEdges(byValueId), t);
        return Optional.of(opened == 0 ? WriteResult.knowledgeOnly(rowsIn, systemTime)
                : WriteResult.written(rowsIn, opened, 0, systemTime));
    }

    private Instant systemTime(Instant requested) throws SQLException {
        long micros = ((Number) db.row(versions.systemTime(), systemTimeParameters(requested)).get(0)).longValue();
        return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    }

    private String[] systemTimeParameters(Instant requested) {
        String[] parameters = new String[versions.systemTimeParameters()];
        java.util.Arrays.fill(parameters, requested.toString());
        return parameters;
    }

    /**
     * Applies the knowledge base difference in sluice_bt_fdiff and sluice_bt_adiff at one system time and closes and
     * opens the versions of the scopes it touches at the same time.
     */
    private WriteResult apply(long rowsIn, boolean filingsChanged, boolean assertionsChanged, Instant systemTime)
            throws SQLException {
        if (!filingsChanged && !assertionsChanged) {
            return WriteResult.unchanged(rowsIn); // same knowledge, so the same timeline
        }
        String t = systemTime.toString();
        if (filingsChanged) {
            touchedByWrite += db.update(knowledge.mergeFilings(), t, t);
        }
        if (assertionsChanged) {
            touchedByWrite += db.update(knowledge.mergeAssertions(), t, t);
        }
        if (db.update(versions.delta()) == 0) {
            return WriteResult.knowledgeOnly(rowsIn, systemTime); // new knowledge, same versions (a filing that coalesces)
        }
        List<Object> pending = db.row(versions.pending());
        long closing = ((Number) pending.get(0)).longValue();
        long opening = ((Number) pending.get(1)).longValue();
        if (((Number) pending.get(2)).longValue() > 0) {
            db.update(versions.valuesFromTable());
            if (((Number) db.row(versions.versionsWithoutValues()).get(0)).longValue() > 0) {
                throw new IllegalStateException("table " + table.name() + ": the knowledge base holds a value_hash "
                        + "that neither the batch nor any version carries; the companion tables are inconsistent");
            }
        }
        // every version to open is inserted, so the count falls short exactly when a version to close was not current
        long changed = db.update(versions.mergeVersions(), t, t);
        touchedByWrite += opening;
        if (changed != closing + opening) {
            throw new IllegalStateException("table " + table.name() + ": expected to close " + closing + " and open "
                    + opening + " versions, but closed " + (changed - opening));
        }
        return WriteResult.written(rowsIn, opening, closing, systemTime);
    }

    /**
     * Loads an in-memory batch into the input tables and stages the batch's markers; returns the query of its rows
     * (which the caller stages).
     */
    private String load(BatchSource batch) throws SQLException {
        if (batch instanceof Batch entries) {
            usedInputs = true;
            usedMarkers = true;
            BatchLoader.checkColumns(table.rowColumns(), entries.rows(), "row");
            BatchLoader.checkColumns(table.markerColumns(), entries.markers(), "filing marker");
            BatchLoader.append(connection, temps.inRows, table.rowColumns(), entries.rows());
            if (!entries.markers().isEmpty()) {
                BatchLoader.append(connection, temps.inMarkers, table.markerColumns(), entries.markers());
                db.update(staging.insertMarkers("SELECT * FROM " + temps.inMarkers));
            }
            return "SELECT * FROM " + temps.inRows;
        }
        if (batch instanceof SourceQuery query) {
            Optional<String> markers = query.markers();
            if (markers.isPresent()) {
                usedMarkers = true;
                db.update(staging.insertMarkers(markers.get()));
            }
            return query.rows();
        }
        throw new IllegalArgumentException("unknown batch source " + batch.getClass());
    }

    /**
     * The rejection in a row of {@link StagingSql#validation(boolean, String...)}, if any; a row problem that staging
     * only marked is explained from the batch's rows query {@code rows}.
     */
    private Optional<String> rejection(List<Object> validation, String rows) throws SQLException {
        for (Object rejection : validation.subList(1, 3)) {
            if (StagingSql.UNEXPLAINED.equals(rejection)) {
                Object first = db.row(staging.firstProblem(rows)).stream().findFirst().orElse(null);
                // a rows query that reads differently the second time leaves only the fact
                return Optional.of(first == null ? "a row has a NULL or unreadable key or date, or an unreadable value" : first.toString());
            }
            if (rejection != null) {
                return Optional.of(rejection.toString());
            }
        }
        return Optional.empty();
    }

    private void rollbackQuietly(Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
