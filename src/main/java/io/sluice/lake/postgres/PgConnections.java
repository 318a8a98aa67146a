package io.sluice.lake.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Properties;
import java.util.concurrent.Semaphore;
import javax.sql.DataSource;

/**
 * Where the PostgreSQL lake takes its connections: the metadata store's datasource (its pool), or a small pool of its
 * own to another database. A unit of lake work takes one and gives it back in the state it found it (the lake changes
 * settings only for its transaction), or {@linkplain #release discards} it after a failure.
 */
public interface PgConnections extends AutoCloseable {

    /** A connection for one unit of lake work, in auto-commit mode. */
    Connection open() throws SQLException;

    /**
     * A connection held for as long as the lake is open (the owner lock of its staging): outside the pool's limit, so
     * that holding it never takes a slot the lake's work needs. Closed by {@link #release}.
     */
    Connection openHeld() throws SQLException;

    /** Whether these are the metadata store's own connections (its pool), so that lake and store are one database. */
    default boolean sharesStore() {
        return false;
    }

    /** Gives {@code connection} back; {@code reusable} false closes it for good (after a failure or a cancel). */
    void release(Connection connection, boolean reusable);

    @Override
    void close();

    /** The connections of {@code source} (the metadata store's pool): closing one gives it back to that pool. */
    static PgConnections of(DataSource source) {
        return new PgConnections() {
            @Override
            public Connection open() throws SQLException {
                return source.getConnection();
            }

            @Override
            public Connection openHeld() throws SQLException {
                return source.getConnection();
            }

            @Override
            public boolean sharesStore() {
                return true;
            }

            @Override
            public void release(Connection connection, boolean reusable) {
                closeQuietly(connection);
            }

            @Override
            public void close() {}
        };
    }

    /** A pool of at most {@code size} connections to {@code url}, opened when first needed. */
    static PgConnections pool(String url, String user, String password, int size) {
        return new Pool(url, user, password, size);
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // given up either way
        }
    }

    /** At most {@code size} connections at once; idle ones are reused, most recently used first. */
    final class Pool implements PgConnections {
        private final String url;
        private final Properties login = new Properties();
        private final Semaphore permits;
        private final Deque<Connection> idle = new ArrayDeque<>();
        /** The connections {@link #open} lent and not yet given back (each holds a permit). */
        private final java.util.Set<Connection> lent = java.util.concurrent.ConcurrentHashMap.newKeySet();

        /** Whether {@code connection} was lent by {@link #open}; it is not any more. */
        private boolean held(Connection connection) {
            return lent.remove(connection);
        }

        private Pool(String url, String user, String password, int size) {
            if (size < 1) {
                throw new IllegalArgumentException("sluice.lake.postgres.pool-size must be at least 1, not " + size);
            }
            this.url = url;
            if (user != null) {
                login.setProperty("user", user);
            }
            if (password != null) {
                login.setProperty("password", password);
            }
            login.setProperty("ApplicationName", "sluice lake");
            this.permits = new Semaphore(size, true);
        }

        @Override
        public Connection open() throws SQLException {
            try {
                permits.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting for a lake connection", e);
            }
            try {
                Connection reused;
                synchronized (idle) {
                    reused = idle.pollFirst();
                }
                Connection connection = reused != null ? reused : connect();
                lent.add(connection);
                return connection;
            } catch (SQLException | RuntimeException e) {
                permits.release();
                throw e;
            }
        }

        @Override
        public Connection openHeld() throws SQLException {
            return connect();
        }

        private Connection connect() throws SQLException {
            // the driver itself, not DriverManager: an application stopping in the same JVM (tests) may deregister
            // drivers
            return new org.postgresql.Driver().connect(url, login);
        }

        @Override
        public void release(Connection connection, boolean reusable) {
            if (!held(connection)) {
                closeQuietly(connection);
                return;
            }
            try {
                if (reusable && !connection.isClosed() && connection.getAutoCommit()) {
                    synchronized (idle) {
                        idle.addFirst(connection);
                    }
                } else {
                    closeQuietly(connection);
                }
            } catch (SQLException e) {
                closeQuietly(connection);
            } finally {
                permits.release();
            }
        }

        @Override
        public void close() {
            synchronized (idle) {
                idle.forEach(PgConnections::closeQuietly);
                idle.clear();
            }
        }
    }
}
