package io.sluice.lake.duckdb;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.sluice.catalog.Lake;
import io.sluice.lake.LakeSettings;
import io.sluice.lake.LakeUnavailable;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.duckdb.DuckDBConnection;

/**
 * The lake as one DuckDB file owned by this process. Every unit of work gets its own duplicated
 * connection (closed afterwards); writes to one table are serialized by a lock and run in one
 * transaction; reads never take a lock.
 */
@Startup
@ApplicationScoped
public class DuckDbLake implements Lake {

    private final LakeSettings settings;
    private final java.time.InstantSource clock;
    private final Map<String, ReentrantLock> tableLocks = new ConcurrentHashMap<>();
    private DuckDBConnection root;
    private Path file;

    public DuckDbLake(LakeSettings settings, java.time.InstantSource clock) {
        this.settings = settings;
        this.clock = clock;
    }

    @PostConstruct
    void open() {
        file = Path.of(settings.file()).toAbsolutePath().normalize();
        try {
            Files.createDirectories(file.getParent());
            root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:" + file);
        } catch (SQLException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            if (message.contains("lock")) {
                throw new LakeUnavailable("The lake file " + file + " is in use by another process (" + firstLine(message)
                        + "). Stop that process or point sluice.data-dir at another directory.", e);
            }
            throw new LakeUnavailable("Cannot open the lake file " + file + ": " + firstLine(message), e);
        } catch (java.io.IOException e) {
            throw new LakeUnavailable("Cannot create the directory of the lake file " + file + ": " + e.getMessage(), e);
        }
        dropLeftoverStaging();
    }

    /** Staging tables of runs that were in progress when the process stopped are never published: drop them. */
    private void dropLeftoverStaging() {
        write("__startup", session -> {
            WriteLog.create((DuckDbSession) session);
            for (String table : session.queryStrings("SELECT table_name FROM information_schema.tables WHERE table_name LIKE '"
                    + DuckDbStaging.PREFIX.replace("_", "\\_") + "%' ESCAPE '\\'")) {
                session.execute("DROP TABLE IF EXISTS " + table);
            }
            return null;
        });
    }

    @Override
    public io.sluice.catalog.Staging stage(io.sluice.catalog.TableSpec table, String runId, java.util.Optional<String> partition) {
        return new DuckDbStaging(this, table, runId, partition, clock);
    }

    void close(@Observes ShutdownEvent event) throws SQLException {
        if (root != null) {
            root.close();
        }
    }

    /** The DuckDB file this lake lives in. */
    public Path file() {
        return file;
    }

    @Override
    public <T> T write(String table, LakeWork<T> work) {
        ReentrantLock lock = tableLocks.computeIfAbsent(table.toLowerCase(java.util.Locale.ROOT), t -> new ReentrantLock());
        lock.lock();
        try (Connection connection = root.duplicate()) {
            connection.setAutoCommit(false);
            try {
                T result = work.apply(new DuckDbSession(connection));
                connection.commit();
                return result;
            } catch (Exception | Error e) {
                connection.rollback();
                throw e;
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("lake write to " + table + " failed: " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public <T> T read(LakeWork<T> work) {
        try (Connection connection = root.duplicate()) {
            return work.apply(new DuckDbSession(connection));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("lake read failed: " + e.getMessage(), e);
        }
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
