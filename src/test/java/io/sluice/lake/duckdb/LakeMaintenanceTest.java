package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the lake runs the upkeep its kept writers leave out of their writes ({@link LakeMaintenance}): after the commit
 * that makes it due, on one thread, never waiting for a table a write holds, logged when it fails, skipped when the lake
 * closes. Kept writers here are stand-ins that only say when upkeep is due and count it; ReclusteringLakeTest runs the
 * real re-clustering.
 */
class LakeMaintenanceTest {

    @TempDir
    Path dir;

    private final ExecutorService thread = Executors.newSingleThreadExecutor();
    private DuckDbLake lake;
    private final List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                warnings.add(record);
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void open() {
        Logger.getLogger(LakeMaintenance.class.getName()).addHandler(handler);
        lake = TestLakes.open(dir.resolve("lake.duckdb"), InstantSource.system(), new LakeMaintenance(thread));
    }

    @AfterEach
    void close() throws Exception {
        lake.close(null);
        thread.shutdownNow();
        Logger.getLogger(LakeMaintenance.class.getName()).removeHandler(handler);
    }

    /** A kept writer whose upkeep is due when told, and counts (or fails, or blocks in) its upkeep. */
    static final class Upkeep implements KeptWriter {
        final AtomicBoolean due = new AtomicBoolean();
        final AtomicInteger done = new AtomicInteger();
        final AtomicBoolean closed = new AtomicBoolean();
        volatile RuntimeException failure;
        volatile CountDownLatch entered;
        volatile CountDownLatch release;

        @Override
        public void committed() {}

        @Override
        public boolean maintenanceDue() {
            return due.get();
        }

        @Override
        public void maintain() {
            if (entered != null) {
                entered.countDown();
                await(release);
            }
            if (failure != null) {
                throw failure;
            }
            due.set(false);
            done.incrementAndGet();
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    private Upkeep keep(String table) {
        Upkeep upkeep = new Upkeep();
        lake.write(table, session -> ((DuckDbSession) session).keep(upkeep));
        return upkeep;
    }

    /** Holds the maintenance thread until the returned latch is counted down. */
    private CountDownLatch holdThread() throws Exception {
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        thread.execute(() -> {
            holding.countDown();
            await(release);
        });
        assertThat(holding.await(60, TimeUnit.SECONDS)).isTrue();
        return release;
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(60, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void upkeepRunsAfterTheCommitThatMakesItDueAndOnlyThen() throws Exception {
        Upkeep a = keep("a");
        lake.write("a", session -> null);
        lake.awaitMaintenance();
        assertThat(a.done).as("not due").hasValue(0);
        a.due.set(true);
        lake.write("a", session -> null);
        lake.awaitMaintenance();
        assertThat(a.done).hasValue(1);
        assertThat(lake.kept("a")).containsSame(a);
        assertThat(warnings).isEmpty();
    }

    @Test
    void theUpkeepOfATableAWriteHoldsIsSkippedOtherTablesGoOnAndThatWriteQueuesItAgain() throws Exception {
        Upkeep a = keep("a");
        Upkeep b = keep("b");
        CountDownLatch thread = holdThread();
        a.due.set(true);
        lake.write("a", session -> null); // a's upkeep queued
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Object> longWrite = CompletableFuture.supplyAsync(
                () -> lake.write("a", session -> {
                    holding.countDown();
                    await(release);
                    return null;
                }),
                Executors.newSingleThreadExecutor());
        assertThat(holding.await(60, TimeUnit.SECONDS)).isTrue();
        b.due.set(true);
        lake.write("b", session -> null); // b's upkeep queued behind a's
        thread.countDown();
        lake.awaitMaintenance();
        assertThat(a.done).as("a is held by a write: skipped, not waited for").hasValue(0);
        assertThat(b.done).hasValue(1);

        release.countDown();
        longWrite.get(60, TimeUnit.SECONDS);
        lake.awaitMaintenance();
        assertThat(a.done)
                .as("queued again by the commit of the write that held a")
                .hasValue(1);
        assertThat(warnings).isEmpty();
    }

    @Test
    void aFailedUpkeepIsLoggedAndItsWriterDroppedAndTheTableWritesOn() throws Exception {
        Upkeep a = keep("a");
        a.failure = new IllegalStateException("re-clustering a failed: conflict");
        a.due.set(true);
        lake.write("a", session -> session.execute("CREATE TABLE a (x INTEGER)"));
        lake.awaitMaintenance();
        assertThat(warnings).singleElement().satisfies(w -> {
            assertThat(w.getMessage()).isEqualTo("upkeep of lake table a failed; its writes go on without it");
            assertThat(w.getThrown()).hasMessageContaining("re-clustering a failed: conflict");
        });
        assertThat(a.closed).as("dropped as after any failed write").isTrue();
        assertThat(lake.kept("a")).isEmpty();
        assertThat((long) lake.write("a", session -> session.execute("INSERT INTO a VALUES (1)")))
                .isEqualTo(1L);
    }

    @Test
    void closingWaitsForTheUpkeepInProgressAndSkipsTheQueuedOne() throws Exception {
        Upkeep a = keep("a");
        Upkeep b = keep("b");
        a.entered = new CountDownLatch(1);
        a.release = new CountDownLatch(1);
        a.due.set(true);
        lake.write("a", session -> null);
        assertThat(a.entered.await(60, TimeUnit.SECONDS)).isTrue(); // a's upkeep in progress
        b.due.set(true);
        lake.write("b", session -> null); // b's queued behind it
        List<String> order = new CopyOnWriteArrayList<>();
        Thread closing = new Thread(() -> {
            try {
                lake.close(null);
                order.add("closed");
            } catch (Exception e) {
                order.add("close failed: " + e);
            }
        });
        closing.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (closing.getState() != Thread.State.TIMED_WAITING && closing.getState() != Thread.State.WAITING) {
            assertThat(System.nanoTime()).as("close never waited").isLessThan(deadline);
            Thread.onSpinWait();
        }
        order.add("upkeep released");
        a.release.countDown();
        closing.join(TimeUnit.SECONDS.toMillis(60));
        assertThat(order).containsExactly("upkeep released", "closed");
        assertThat(a.done).hasValue(1);
        assertThat(b.done).as("queued upkeep is skipped when the lake closes").hasValue(0);
        assertThat(warnings).isEmpty();
        lake = TestLakes.open(dir.resolve("lake.duckdb"), InstantSource.system()); // for close() after the test
    }
}
