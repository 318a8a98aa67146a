package io.sluice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.cluster.store.NotifyRunSignals;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The wake-ups on a real PostgreSQL: a signal sent in a transaction reaches the listener when it commits, never when it
 * rolls back, and a listening connection that the server ends is opened again, the receiver told to read everything.
 */
class PostgresNotifyTest {

    /** A bound on waits for what must happen (not a speed target): the machine is shared. */
    private static final long BOUND_S = 30;

    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    @Test
    void aCommittedSignalReachesTheListenerAndARolledBackOneDoesNot() throws Exception {
        Heard heard = new Heard();
        NotifyListener listener = listener(heard);
        listener.start();
        try {
            await(() -> heard.connected.get() == 1, "the listener connects");
            try (Connection c = postgres.getPostgresDatabase().getConnection()) {
                c.setAutoCommit(false);
                NotifyRunSignals.notify(c, List.of("q:rolled-back"));
                c.rollback();
                NotifyRunSignals.notify(c, List.of("q:b-1", "m:sales/orders", "nonsense"));
                assertThat(heard.signals.poll(1, TimeUnit.SECONDS))
                        .as("nothing is delivered before the commit")
                        .isNull();
                c.commit();
            }
            assertThat(heard.signals.poll(BOUND_S, TimeUnit.SECONDS)).isEqualTo(new ClusterSignal.Queued("b-1"));
            assertThat(heard.signals.poll(BOUND_S, TimeUnit.SECONDS))
                    .isEqualTo(new ClusterSignal.Materialized(AssetKey.parse("sales/orders")));
            // the rolled-back signal, had it been sent, would have come first; the malformed one is skipped
            try (Connection c = postgres.getPostgresDatabase().getConnection()) {
                NotifyRunSignals.notify(c, List.of("l"));
            }
            assertThat(heard.signals.poll(BOUND_S, TimeUnit.SECONDS)).isEqualTo(new ClusterSignal.LimitsChanged());
            assertThat(heard.signals).isEmpty();
        } finally {
            listener.stop();
        }
    }

    @Test
    void aDroppedConnectionIsOpenedAgainAndEverythingReadOnce() throws Exception {
        Heard heard = new Heard();
        NotifyListener listener = listener(heard);
        listener.start();
        try {
            await(() -> heard.connected.get() == 1 && listener.backendPid() > 0, "the listener connects");
            int pid = listener.backendPid();
            try (Connection c = postgres.getPostgresDatabase().getConnection();
                    PreparedStatement kill = c.prepareStatement("SELECT pg_terminate_backend(?)")) {
                kill.setInt(1, pid);
                try (ResultSet rs = kill.executeQuery()) {
                    assertThat(rs.next() && rs.getBoolean(1)).isTrue();
                }
            }
            await(() -> heard.disconnected.get() == 1, "the listener hears of the loss");
            await(() -> heard.connected.get() == 2 && listener.connected(), "the listener connects again");
            assertThat(listener.backendPid()).isNotEqualTo(pid);
            try (Connection c = postgres.getPostgresDatabase().getConnection()) {
                NotifyRunSignals.notify(c, List.of("e:sales/orders"));
            }
            assertThat(heard.signals.poll(BOUND_S, TimeUnit.SECONDS))
                    .isEqualTo(ClusterSignal.Ended.of(List.of(AssetKey.parse("sales/orders"))));
        } finally {
            listener.stop();
        }
        assertThat(listener.connected()).as("stopped").isFalse();
    }

    private static NotifyListener listener(Heard heard) {
        return new NotifyListener(
                () -> postgres.getPostgresDatabase().getConnection(),
                heard,
                Duration.ofMillis(200),
                Duration.ofSeconds(2));
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_S);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError(what + ": not within " + BOUND_S + " s");
            }
            Thread.sleep(50);
        }
    }

    private static final class Heard implements NotifyListener.Receiver {
        final AtomicInteger connected = new AtomicInteger();
        final AtomicInteger disconnected = new AtomicInteger();
        final BlockingQueue<ClusterSignal> signals = new LinkedBlockingQueue<>();

        @Override
        public void connected() {
            connected.incrementAndGet();
        }

        @Override
        public void disconnected() {
            disconnected.incrementAndGet();
        }

        @Override
        public void signal(ClusterSignal signal) {
            signals.add(signal);
        }
    }
}
