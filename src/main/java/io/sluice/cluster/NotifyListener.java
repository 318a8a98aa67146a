package io.sluice.cluster;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * One PostgreSQL connection of its own that runs {@code LISTEN sluice} and hands each {@link ClusterSignal} it hears to
 * a {@link Receiver}, on a daemon thread. A lost connection is opened again with a backoff (1 s doubling up to 30 s);
 * the receiver hears of each (re)connection, after which it must assume it missed signals, and of each loss.
 */
final class NotifyListener {

    private static final Logger LOG = Logger.getLogger(NotifyListener.class);
    /** How long one wait for notifications lasts: also how long a stop may take. */
    private static final int WAIT_MS = 1000;
    /** With nothing heard for this long, a query checks that the connection is still there. */
    private static final long CHECK_AFTER_NANOS = Duration.ofSeconds(10).toNanos();

    /** Opens the listening connection (outside any pool, so that nothing reaps it). */
    interface Connector {
        Connection open() throws SQLException;
    }

    /** Hears what the listener hears, on its thread. */
    interface Receiver {
        /** Listening (again): signals sent before now may have been missed. */
        void connected();

        /** The connection is lost: nothing is heard until {@link #connected()}. */
        void disconnected();

        void signal(ClusterSignal signal);
    }

    private final Connector connector;
    private final Receiver receiver;
    private final Duration firstBackoff;
    private final Duration maxBackoff;
    private volatile boolean running;
    private volatile boolean connected;
    private volatile Thread thread;
    private volatile Connection current;

    NotifyListener(Connector connector, Receiver receiver, Duration firstBackoff, Duration maxBackoff) {
        this.connector = connector;
        this.receiver = receiver;
        this.firstBackoff = firstBackoff;
        this.maxBackoff = maxBackoff;
    }

    void start() {
        running = true;
        Thread t = new Thread(this::loop, "sluice-wakeups");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** Stops listening: the thread ends within about a second, without logging an error. */
    void stop() {
        running = false;
        Thread t = thread;
        thread = null;
        if (t == null) {
            return;
        }
        t.interrupt();
        try {
            t.join(3 * WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) {
            closeQuietly(current); // a wait that does not return: closing its connection ends it
        }
    }

    /** Whether the connection listens now. */
    boolean connected() {
        return connected;
    }

    /** The PostgreSQL backend pid of the listening connection (tests end it to see the listener come back), or -1. */
    int backendPid() {
        Connection c = current;
        if (c == null) {
            return -1;
        }
        try {
            return c.unwrap(PGConnection.class).getBackendPID();
        } catch (SQLException e) {
            return -1;
        }
    }

    private void loop() {
        Duration backoff = firstBackoff;
        while (running) {
            try (Connection c = connector.open()) {
                current = c;
                try (Statement listen = c.createStatement()) {
                    listen.execute("LISTEN " + ClusterSignal.CHANNEL);
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                backoff = firstBackoff;
                connected = true;
                LOG.debug("listening for the other nodes' signals");
                receiver.connected();
                listen(c, pg);
            } catch (SQLException | RuntimeException e) {
                if (!running) {
                    break;
                }
                if (connected) {
                    LOG.warnf(
                            "the connection that hears the other nodes' signals was lost (%s): the dispatcher polls every"
                                    + " 500 ms until it is back; trying again in %d ms",
                            e.getMessage(), backoff.toMillis());
                } else {
                    LOG.debugf("listening for the other nodes' signals failed again: %s", e.getMessage());
                }
                lost();
                if (!pause(backoff)) {
                    break;
                }
                backoff = backoff.multipliedBy(2).compareTo(maxBackoff) > 0 ? maxBackoff : backoff.multipliedBy(2);
            } finally {
                current = null;
            }
        }
        if (connected) {
            connected = false;
        }
    }

    private void listen(Connection c, PGConnection pg) throws SQLException {
        long heard = System.nanoTime();
        while (running) {
            PGNotification[] notifications = pg.getNotifications(WAIT_MS);
            if (notifications != null && notifications.length > 0) {
                heard = System.nanoTime();
                for (PGNotification n : notifications) {
                    handle(n.getParameter());
                }
            } else if (System.nanoTime() - heard > CHECK_AFTER_NANOS) {
                try (Statement check = c.createStatement()) {
                    check.execute("SELECT 1"); // a connection cut without a word fails here, not never
                }
                heard = System.nanoTime();
            }
        }
    }

    private void handle(String payload) {
        ClusterSignal.decode(payload)
                .ifPresentOrElse(
                        signal -> {
                            try {
                                receiver.signal(signal);
                            } catch (RuntimeException e) {
                                LOG.errorf(e, "acting on the signal %s failed", payload);
                            }
                        },
                        () -> LOG.debugf("ignored a signal this version does not read: %s", payload));
    }

    private void lost() {
        if (connected) {
            connected = false;
            receiver.disconnected();
        }
    }

    private boolean pause(Duration backoff) {
        try {
            Thread.sleep(backoff.toMillis());
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    private static void closeQuietly(Connection c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (SQLException e) {
            // stopping: nothing to do about it
        }
    }
}
