package io.sluice.lake.postgres;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeDialect;
import io.sluice.lake.LakeUnavailable;
import io.sluice.lake.LakeWrite;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.RunLake;
import io.sluice.lake.Sql;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.CancellableConnection;
import io.sluice.lake.engine.RunWork;
import io.sluice.lake.engine.rollback.LakeRollback;
import io.sluice.lake.engine.rollback.RollbackRecord;
import io.sluice.periodic.Periodic;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.logging.Logger;

/**
 * The lake on PostgreSQL: a schema that several nodes share. Every unit of work is one transaction that sets its
 * {@code search_path}, {@code statement_timeout} and {@code work_mem} for itself only, so a connection shared with the
 * metadata store goes back unchanged. A write of a table takes a transaction-level advisory lock on the table's name, so
 * writes of one table are serialized across every node while reads never wait.
 *
 * <p>Staging tables live in the schema under {@link PgStaging#PREFIX} and this lake's owner token; the lake holds a
 * session-level advisory lock on the token while it is open, so that a node's start-up drops the staging of nodes that
 * died (their lock is gone) and never that of a live one.
 */
public final class PgLake implements Lake, PgWork, AutoCloseable {

    private static final Logger LOG = Logger.getLogger(PgLake.class);

    private final PgConnections connections;
    private final PgSettings settings;
    private final InstantSource clock;
    private final RunWork runs = new RunWork();
    /** The owner token of this lake's staging tables. */
    private final String owner =
            HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
    /** The tables this thread holds the write lock of now (a nested write of one would wait for itself). */
    private final ThreadLocal<Set<String>> writing = ThreadLocal.withInitial(HashSet::new);

    private Connection ownerLock;
    /** Drops the staging of nodes that died while this one runs (a killed node leaves its staging behind). */
    private Periodic sweeper;

    private volatile String identity;

    public PgLake(PgConnections connections, PgSettings settings, InstantSource clock) {
        this.connections = connections;
        this.settings = settings;
        this.clock = clock;
    }

    /** Creates the schema and the lake's tables if missing, takes the owner lock, drops the staging of dead nodes. */
    public PgLake open() {
        try {
            identity = unit(Optional.empty(), db -> {
                db.execute(
                        "SELECT pg_advisory_xact_lock(hashtextextended('sluice.lake.schema:' || ?, 0))",
                        settings.schema());
                return PgWriteLog.create(db, settings.schema(), clock.instant());
            });
            ownerLock = connections.openHeld();
            lock(ownerLock, "pg_advisory_lock", owner);
        } catch (SQLException | RuntimeException e) {
            throw new LakeUnavailable(
                    "Cannot open the PostgreSQL lake (schema " + settings.schema() + "): " + e.getMessage(), e);
        }
        dropDeadStaging();
        sweeper = Periodic.startAfterInterval(
                "sluice-lake-staging-sweep",
                () -> SWEEP,
                this::dropDeadStaging,
                e -> LOG.debugf("lake: the staging sweep failed (tried again in %s): %s", SWEEP, e.getMessage()));
        LOG.infof("lake: PostgreSQL schema %s (lake %s)", settings.schema(), identity);
        return this;
    }

    /** Its transactions are in the metadata store's database when its connections are the store's. */
    @Override
    public boolean sharesStore() {
        return connections.sharesStore();
    }

    /** How often the staging of dead nodes is looked for, besides at start. */
    static final java.time.Duration SWEEP = java.time.Duration.ofSeconds(30);

    /** Drops the staging tables whose owner holds no lock: their node stopped before it dropped them. */
    void dropDeadStaging() {
        List<String> staged = inTransaction(
                Optional.empty(),
                db -> db.queryStrings(
                        "SELECT table_name FROM information_schema.tables WHERE table_schema = ? AND starts_with(table_name, ?)",
                        settings.schema(),
                        PgStaging.PREFIX));
        for (String table : staged) {
            String token = PgStaging.owner(table);
            if (token == null || token.equals(owner)) {
                continue;
            }
            boolean dead = unit(
                    Optional.empty(),
                    db -> db.queryLong(
                                    "SELECT CASE WHEN pg_try_advisory_xact_lock(" + ownerKey() + ") THEN 1 ELSE 0 END",
                                    token)
                            == 1);
            if (dead) {
                unit(Optional.empty(), db -> db.execute("DROP TABLE IF EXISTS " + PgSession.quoted(table)));
                LOG.infof("lake: dropped staging table %s of a node that is gone", table);
            }
        }
    }

    private static String ownerKey() {
        return "hashtextextended('sluice.lake.staging:' || ?, 0)";
    }

    private static void lock(Connection connection, String function, String token) throws SQLException {
        try (var p = connection.prepareStatement("SELECT " + function + "(" + ownerKey() + ")")) {
            p.setString(1, token);
            p.execute();
        }
    }

    /** The token that names this lake's staging tables. */
    String owner() {
        return owner;
    }

    PgSettings settings() {
        return settings;
    }

    @Override
    public String identity() {
        return identity;
    }

    @Override
    public LakeDialect dialect() {
        return LakeDialect.POSTGRES;
    }

    /** Every node writes this lake: a table's writes are serialized by an advisory lock across the cluster. */
    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public String where() {
        return "the PostgreSQL lake (schema " + settings.schema() + ")";
    }

    @Override
    public <T> T write(String table, LakeWork<T> work) {
        return inTransaction(Optional.of(table), work::apply);
    }

    @Override
    public <T> T read(LakeWork<T> work) {
        return inTransaction(Optional.empty(), work::apply);
    }

    @Override
    public <T> T inTransaction(Optional<String> writeLockOf, Unit<T> work) {
        if (writeLockOf.isEmpty()) {
            return unit(Optional.empty(), work);
        }
        String key = PgSession.name(writeLockOf.get()).toLowerCase(Locale.ROOT);
        if (!writing.get().add(key)) {
            throw new IllegalStateException("a write of lake table " + key + " inside a write of the same table "
                    + "would wait for itself: do the work in the outer write's session");
        }
        try {
            return unit(Optional.of(key), work);
        } finally {
            writing.get().remove(key);
        }
    }

    /**
     * One unit of lake work: a transaction on a connection of its own (whose running statement a cancel of the run this
     * thread works for stops), committed if {@code work} returns and rolled back if it throws.
     */
    private <T> T unit(Optional<String> lockedTable, Unit<T> work) {
        Connection raw;
        try {
            raw = connections.open();
        } catch (SQLException e) {
            throw new LakeUnavailable("Cannot reach the PostgreSQL lake: " + e.getMessage(), e);
        }
        boolean reusable = false;
        try {
            Connection connection = CancellableConnection.wrap(raw);
            T result = runs.on(connection, () -> transaction(connection, lockedTable, work));
            reusable = true;
            return result;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("lake work failed: " + e.getMessage(), e);
        } finally {
            connections.release(raw, reusable);
        }
    }

    private <T> T transaction(Connection connection, Optional<String> lockedTable, Unit<T> work) throws Exception {
        connection.setAutoCommit(false);
        try {
            PgSession session = new PgSession(connection, settings.schema());
            session.queryStrings(
                    "SELECT set_config('search_path', ?, true), set_config('work_mem', ?, true)",
                    settings.schema(),
                    settings.workMem());
            settings.statementTimeout()
                    .ifPresent(t -> session.queryStrings(
                            "SELECT set_config('statement_timeout', ?, true)", Long.toString(t.toMillis())));
            lockedTable.ifPresent(t -> session.queryStrings(
                    "SELECT pg_advisory_xact_lock(hashtextextended('sluice.lake.write:' || ? || '.' || ?, 0))",
                    settings.schema(),
                    t));
            T result = work.apply(session);
            connection.commit();
            return result;
        } catch (Exception | Error e) {
            try {
                connection.rollback();
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    @Override
    public Staging stage(TableSpec table, String runId, Optional<String> partition) {
        return stage(table, runId, partition, this);
    }

    /** A staging whose staging and publishing go through {@code work} (a run's lake), its clean-up through this lake. */
    Staging stage(TableSpec table, String runId, Optional<String> partition, PgWork work) {
        return new PgStaging(
                new PgPublisher(
                        work,
                        this,
                        table,
                        PgWriter.of(table.mode(), clock),
                        runId,
                        partition,
                        sharesStore(),
                        clock,
                        settings.snapshotRetention()),
                owner);
    }

    @Override
    public Optional<String> rollbackProblem(TableSpec table, RollbackTarget target, Optional<String> partition) {
        return inTransaction(Optional.empty(), db -> rollbackOf(table).problem(db, target, partition));
    }

    @Override
    public RollbackOutcome rollback(
            TableSpec table,
            RollbackTarget target,
            String runId,
            Optional<String> partition,
            Optional<BusinessDates> dates) {
        // one transaction holding the table's write lock; a refusal rolls it back, and so does a snapshot that another
        // node's expiry dropped after the rollback found it (refused then as the check refuses an expired state)
        return LakeRollback.outcome(
                table,
                runId,
                () -> DroppedSnapshots.refusedWhenExpired(
                        () -> inTransaction(Optional.of(table.name()), db -> {
                            LakeRollback rollback = rollbackOf(table);
                            rollback.prepare(db);
                            return rollback.apply(db, target, runId, partition, dates);
                        }),
                        () -> rollbackProblem(table, target, partition)));
    }

    @Override
    public Optional<RollbackOutcome> rollbackOf(TableSpec table, String runId) {
        return inTransaction(Optional.empty(), db -> RollbackRecord.ofRun(db, table.name(), runId));
    }

    /** A rollback of {@code table} by its writer. */
    private LakeRollback rollbackOf(TableSpec table) {
        return new LakeRollback(
                table, PgWriter.of(table.mode(), clock).rollback(), clock, settings.snapshotRetention());
    }

    /** Interrupts the run's running statements ({@code Statement.cancel}); its later work is refused. */
    @Override
    public int interrupt(String runId) {
        return runs.interrupt(runId);
    }

    /** The run's lake: its work runs on connections that {@link #interrupt} cancels. */
    @Override
    public RunLake forRun(String runId) {
        RunWork.Run run = runs.open(runId);
        return new PgRunLake(this, runs, run);
    }

    @Override
    public List<LakeWrite> writesOf(String runId) {
        return inTransaction(Optional.empty(), db -> PgWriteLog.writesOf(db, runId));
    }

    /** The row counts the last writes of {@code tables} recorded (tables never written are absent). */
    java.util.Map<String, Long> recordedRows(java.util.Collection<String> tables) {
        return inTransaction(Optional.empty(), db -> {
            java.util.Map<String, Long> rows = new java.util.LinkedHashMap<>();
            for (var row : db.rows(Sql.of(
                    "SELECT DISTINCT ON (table_name) table_name, current_rows FROM " + PgWriteLog.WRITES
                            + " WHERE table_name = ANY(?) ORDER BY table_name, write_id DESC",
                    List.copyOf(tables)))) {
                rows.put((String) row.get("table_name"), ((Number) row.get("current_rows")).longValue());
            }
            return rows;
        });
    }

    /** Gives the owner lock and the connections back (at shutdown). */
    @Override
    public void close() {
        if (sweeper != null) {
            sweeper.stop();
            sweeper = null;
        }
        if (ownerLock != null) {
            try {
                lock(ownerLock, "pg_advisory_unlock", owner);
            } catch (SQLException e) {
                // the lock goes with the connection
            }
            connections.release(ownerLock, false);
            ownerLock = null;
        }
        connections.close();
    }
}
