package io.sluice.lake.duckdb;

import io.quarkus.runtime.ShutdownEvent;
import io.sluice.lake.BusinessDates;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeDialect;
import io.sluice.lake.LakeUnavailable;
import io.sluice.lake.LakeWrite;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.RunLake;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.engine.CancellableConnection;
import io.sluice.lake.engine.RunWork;
import io.sluice.lake.engine.rollback.LakeRollback;
import io.sluice.lake.engine.rollback.RollbackRecord;
import io.sluice.lake.engine.rollback.Snapshots;
import io.sluice.lake.engine.rollback.WriteEffects;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDriver;
import org.jboss.logging.Logger;

/**
 * The lake as one DuckDB file owned by this process. Every read gets its own duplicated connection (closed
 * afterwards); writes to one table are serialized by a lock and run in one transaction, on a connection of the
 * table's own while a writer keeps its prepared state there ({@link TableSlot}); reads never take a lock. Upkeep that
 * a kept writer leaves out of its writes runs on a maintenance thread after them ({@link LakeMaintenance}).
 */
public class DuckDbLake implements Lake, Sessions {

    private static final Logger LOG = Logger.getLogger(DuckDbLake.class);

    private final LakeSettings settings;
    private final InstantSource clock;
    private final Map<String, TableSlot> tables = new ConcurrentHashMap<>();
    private final StagingPool stagingPool = new StagingPool();
    /** Re-clustering and other upkeep of tables, after the commits that make it due (see {@link #scheduleMaintenance}). */
    private final LakeMaintenance maintenance;
    /** The runs working in the lake now, through {@link #forRun}. */
    private final RunWork runs = new RunWork();

    private DuckDBConnection root;
    private Path file;
    private volatile String identity;

    public DuckDbLake(LakeSettings settings, InstantSource clock) {
        this(settings, clock, new LakeMaintenance());
    }

    DuckDbLake(LakeSettings settings, InstantSource clock, LakeMaintenance maintenance) {
        this.settings = settings;
        this.clock = clock;
        this.maintenance = maintenance;
    }

    /** Opens the file (created at first open); {@link LakeBinding} calls it once, at start-up. */
    void open() {
        file = Path.of(settings.file()).toAbsolutePath().normalize();
        LakeResources resources = new LakeResources(settings);
        try {
            Files.createDirectories(file.getParent());
            resources.prepareTempDirectory();
            // the driver itself, not DriverManager: a Quarkus application stopping in the same JVM (tests) may
            // deregister
            // the drivers DriverManager hands out
            root = (DuckDBConnection) new DuckDBDriver().connect("jdbc:duckdb:" + file, new Properties());
            try {
                resources.apply(root);
            } catch (RuntimeException e) {
                root.close();
                throw e;
            }
            LOG.infof("lake %s: %s", file, LakeResources.describe(root));
        } catch (SQLException e) {
            throw new LakeUnavailable(LakeFileProbe.whyNotOpened(file, e), e);
        } catch (IOException e) {
            throw new LakeUnavailable(
                    "Cannot create the directory of the lake file " + file + ": " + e.getMessage(), e);
        }
        dropLeftoverStaging();
    }

    /** Staging tables of runs that were in progress when the process stopped are never published: drop them. */
    private void dropLeftoverStaging() {
        writeSession("__startup", session -> {
            identity = LakeIdentity.ensure(session, clock.instant());
            WriteLog.create(session);
            WriteEffects.create(session);
            Snapshots.create(session);
            for (String table :
                    session.queryStrings("SELECT table_name FROM information_schema.tables WHERE table_name LIKE '"
                            + DuckDbStaging.PREFIX.replace("_", "\\_") + "%' ESCAPE '\\'")) {
                session.execute("DROP TABLE IF EXISTS " + table);
            }
            return null;
        });
        writeSession("__startup", session -> {
            WriteEffects.adoptEarlierWrites(session);
            return null;
        });
    }

    @Override
    public String identity() {
        return identity;
    }

    @Override
    public LakeDialect dialect() {
        return LakeDialect.DUCKDB;
    }

    @Override
    public String where() {
        return "the lake file " + file;
    }

    @Override
    public Staging stage(TableSpec table, String runId, Optional<String> partition) {
        return stage(table, runId, partition, this);
    }

    /** A staging whose staging and publishing go through {@code work} (a run's lake), its upkeep through this lake. */
    Staging stage(TableSpec table, String runId, Optional<String> partition, Sessions work) {
        return new DuckDbStaging(work, this, stagingPool, table, runId, partition, clock, settings.snapshotRetention());
    }

    @Override
    public RunLake forRun(String runId) {
        return new DuckDbRunLake(this, runs, runs.open(runId));
    }

    @Override
    public int interrupt(String runId) {
        return runs.interrupt(runId);
    }

    /** A new connection to the lake whose running statement a cancel can stop. */
    private Connection duplicate() throws SQLException {
        return CancellableConnection.wrap(root.duplicate());
    }

    @Override
    public Optional<String> rollbackProblem(TableSpec table, RollbackTarget target, Optional<String> partition) {
        return readSession(db -> rollbackOf(table).problem(db, target, partition));
    }

    @Override
    public RollbackOutcome rollback(
            TableSpec table,
            RollbackTarget target,
            String runId,
            Optional<String> partition,
            Optional<BusinessDates> dates) {
        LakeRollback rollback = rollbackOf(table);
        return LakeRollback.outcome(table, runId, () -> {
            writeSession(table.name(), session -> {
                rollback.prepare(session); // DDL in a transaction of its own (see TableWriter#prepare)
                return null;
            });
            return writeSession(table.name(), session -> rollback.apply(session, target, runId, partition, dates));
        });
    }

    /** A rollback of {@code table} by its writer. */
    private LakeRollback rollbackOf(TableSpec table) {
        return new LakeRollback(
                table, TableWriter.of(table.mode(), clock).rollback(), clock, settings.snapshotRetention());
    }

    @Override
    public Optional<RollbackOutcome> rollbackOf(TableSpec table, String runId) {
        return readSession(db -> RollbackRecord.ofRun(db, table.name(), runId));
    }

    @Override
    public List<LakeWrite> writesOf(String runId) {
        return readSession(session -> WriteLog.writesOf(session, runId));
    }

    /**
     * Queues the upkeep a table's kept writer left out of its writes (re-clustering a bi-temporal table) on the lake's
     * maintenance thread, as a write of the table of its own: the commit that made it due does not wait for it, and a
     * later write of the table waits only if it comes while the upkeep runs. If a write holds the table when the upkeep's
     * turn comes, it is skipped (the thread moves on to other tables), and that write's commit queues it again while it
     * is due. If it fails, it is logged, and the writer is dropped as after any failed write: the next one counts its own
     * appended rows again before it measures the table.
     */
    private void scheduleMaintenance(String table, String key) {
        maintenance.schedule(key, () -> {
            TableSlot slot = tryLockedSlot(key);
            if (slot == null) {
                return;
            }
            if (maintenance.closed() || slot.kept == null || !slot.kept.maintenanceDue()) {
                slot.lock.unlock();
                return;
            }
            writeLocked(table, key, slot, session -> {
                slot.kept.maintain();
                return null;
            });
        });
    }

    /** Waits until the upkeep queued so far has run (for tests). */
    void awaitMaintenance() throws Exception {
        maintenance.await();
    }

    /** Closes the file at shutdown ({@link LakeBinding}); {@code event} may be null. */
    void close(ShutdownEvent event) throws SQLException {
        maintenance.close(); // queued upkeep is skipped, upkeep in progress ends first
        for (TableSlot slot : tables.values()) {
            slot.lock.lock();
            try {
                slot.release();
            } finally {
                slot.lock.unlock();
            }
        }
        if (root != null) {
            root.close();
        }
    }

    /** What a writer keeps for {@code table} between writes (for tests). */
    Optional<KeptWriter> kept(String table) {
        TableSlot slot = tables.get(table.toLowerCase(Locale.ROOT));
        if (slot == null) {
            return Optional.empty();
        }
        slot.lock.lock();
        try {
            return Optional.ofNullable(slot.kept);
        } finally {
            slot.lock.unlock();
        }
    }

    /**
     * One table's writes: the lock that serializes them and, while a writer keeps something on it (a
     * {@link KeptWriter}), the table's own connection, so that the next write finds its prepared statements and temp
     * tables. Tables without a kept writer (staging tables, most modes) get a new connection per write, as reads do.
     * Fields are guarded by the lock.
     */
    static final class TableSlot {
        final ReentrantLock lock = new ReentrantLock();
        Connection connection;
        KeptWriter kept;

        /** Closes what is kept and the connection (after a failed write, or when the lake closes). */
        void release() {
            if (kept != null) {
                kept.close();
                kept = null;
            }
            if (connection != null) {
                try {
                    connection.close();
                } catch (SQLException e) {
                    // the connection is discarded either way
                }
                connection = null;
            }
        }
    }

    /** The DuckDB file this lake lives in. */
    public Path file() {
        return file;
    }

    @Override
    public <T> T write(String table, LakeWork<T> work) {
        return writeSession(table, work::apply);
    }

    @Override
    public <T> T writeSession(String table, SessionWork<T> work) {
        String key = table.toLowerCase(Locale.ROOT);
        return writeLocked(table, key, lockedSlot(key), work);
    }

    /** {@link #write} on the slot of {@code key}, which this thread has locked; unlocks it. */
    private <T> T writeLocked(String table, String key, TableSlot slot, SessionWork<T> work) {
        boolean upkeepDue = false;
        try {
            if (slot.lock.getHoldCount() > 1) {
                // a write nested in a write of the same table on this thread: a connection and transaction of its own,
                // so that it neither commits nor closes the outer write's
                try (Connection connection = duplicate()) {
                    return runs.on(connection, () -> transact(table, connection, new DuckDbSession(connection), work));
                }
            }
            if (slot.connection == null) {
                slot.connection = duplicate();
            }
            boolean committed = false;
            try {
                Connection connection = slot.connection;
                T result = runs.on(
                        connection, () -> transact(table, connection, new DuckDbSession(connection, slot), work));
                committed = true;
                if (slot.kept != null) {
                    slot.kept.committed();
                    upkeepDue = slot.kept.maintenanceDue();
                }
                return result;
            } finally {
                if (!committed || slot.kept == null) {
                    slot.release(); // after a failure nothing kept is trusted; without a kept writer nothing is
                    // worth keeping
                }
                if (slot.kept == null && !slot.lock.hasQueuedThreads()) {
                    tables.remove(key, slot); // one-off tables (staging) leave no slot behind
                }
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("lake write to " + table + " failed: " + e.getMessage(), e);
        } finally {
            slot.lock.unlock();
            if (upkeepDue) {
                scheduleMaintenance(table, key); // once unlocked: the upkeep does not wait for a table a write holds
            }
        }
    }

    /**
     * The slot of a table, locked by this thread. A slot is removed from the map while its lock is held, so a writer
     * that locked a slot no longer mapped takes the table's current one instead.
     */
    private TableSlot lockedSlot(String key) {
        while (true) {
            TableSlot slot = tables.computeIfAbsent(key, k -> new TableSlot());
            slot.lock.lock();
            if (tables.get(key) == slot) {
                return slot;
            }
            slot.lock.unlock();
        }
    }

    /** As {@link #lockedSlot}, but null if the table has no slot (nothing kept) or a write holds it. */
    private TableSlot tryLockedSlot(String key) {
        while (true) {
            TableSlot slot = tables.get(key);
            if (slot == null || !slot.lock.tryLock()) {
                return null;
            }
            if (tables.get(key) == slot) {
                return slot;
            }
            slot.lock.unlock();
        }
    }

    /** Runs {@code work} in one transaction on {@code connection}: committed if it returns, rolled back if it throws. */
    private static <T> T transact(String table, Connection connection, DuckDbSession session, SessionWork<T> work)
            throws SQLException {
        connection.setAutoCommit(false);
        try {
            T result = work.apply(session);
            connection.commit();
            return result;
        } catch (RuntimeException | Error e) {
            connection.rollback();
            throw e;
        } catch (Exception e) {
            connection.rollback();
            throw new IllegalStateException("lake write to " + table + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public <T> T read(LakeWork<T> work) {
        return readSession(work::apply);
    }

    @Override
    public <T> T readSession(SessionWork<T> work) {
        try (Connection connection = duplicate()) {
            return runs.on(connection, () -> work.apply(new DuckDbSession(connection)));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("lake read failed: " + e.getMessage(), e);
        }
    }
}
