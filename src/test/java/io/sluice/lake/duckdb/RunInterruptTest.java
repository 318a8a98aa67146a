package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.LakeInterrupted;
import io.sluice.lake.RunLake;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link DuckDbLake#interrupt} stops the statements of one run, and only that run's: not another run's running beside
 * it, nor the next user of a table's kept connection; the run's later work is refused, and what it wrote is rolled back.
 */
class RunInterruptTest extends LakeFixture {

    /** A statement over 10^12 rows: it ends only when it is interrupted. */
    private static final String ENDLESS = "SELECT count(*) FROM range(1000000000000) t(i) WHERE hash(i) = 42";

    private static final TableSpec OWNERS = new TableSpec(
            "owners",
            new WriteMode.Bitemporal(List.of("firm", "owner"), List.of("pct"), "filed", List.of("firm")),
            List.of());

    /** Runs {@code work} on a thread of its own. */
    private static CompletableFuture<Long> inBackground(Supplier<Long> work) {
        return CompletableFuture.supplyAsync(work, r -> {
            Thread t = new Thread(r, "test-run");
            t.setDaemon(true);
            t.start();
        });
    }

    private static Throwable failure(CompletableFuture<Long> future) throws Exception {
        try {
            future.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("the work was not interrupted: it ended normally");
    }

    /** Interrupts {@code runId} every 50 ms until {@code future} ends, as the cancel watch does. */
    private void interruptUntilDone(String runId, CompletableFuture<Long> future) {
        while (!future.isDone()) {
            lake.interrupt(runId);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void anInterruptStopsItsRunsStatementRollsItsWriteBackAndRefusesItsLaterWorkButNotAnotherRuns() throws Exception {
        lake.write("t", session -> session.execute("CREATE TABLE t AS SELECT i FROM range(3) r(i)"));
        CountDownLatch entered = new CountDownLatch(2);
        try (RunLake a = lake.forRun("run-a");
                RunLake b = lake.forRun("run-b")) {
            CompletableFuture<Long> writeOfA = inBackground(() -> a.write("t", session -> {
                session.execute("DELETE FROM t");
                entered.countDown();
                return session.queryLong(ENDLESS);
            }));
            CompletableFuture<Long> readOfB = inBackground(() -> b.read(session -> {
                entered.countDown();
                return session.queryLong(ENDLESS);
            }));
            assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(200);

            interruptUntilDone("run-a", writeOfA);
            assertThat(failure(writeOfA))
                    .isInstanceOf(LakeInterrupted.class)
                    .hasMessageContaining("run run-a was canceled")
                    .hasRootCauseMessage("INTERRUPT Error: Interrupted!");
            assertThat(lake.<Long>read(session -> session.queryLong("SELECT count(*) FROM t")))
                    .as("the DELETE rolled back")
                    .isEqualTo(3);
            assertThatThrownBy(() -> a.read(session -> session.queryLong("SELECT 1")))
                    .isInstanceOf(LakeInterrupted.class);
            assertThatThrownBy(() -> a.write("t", session -> session.execute("DELETE FROM t")))
                    .isInstanceOf(LakeInterrupted.class);

            for (int i = 0; i < 10; i++) {
                lake.interrupt("run-a");
                Thread.sleep(50);
            }
            assertThatThrownBy(() -> readOfB.get(500, TimeUnit.MILLISECONDS))
                    .as("run-b's statement runs on")
                    .isInstanceOf(TimeoutException.class);
            assertThat(b.<Long>read(session -> session.queryLong("SELECT 7"))).isEqualTo(7);
            interruptUntilDone("run-b", readOfB);
            assertThat(failure(readOfB)).isInstanceOf(LakeInterrupted.class);
        }
        assertThat(lake.interrupt("run-a"))
                .as("closed: nothing of it is left to interrupt")
                .isZero();
        assertThat(lake.<Long>write("t", session -> session.execute("DELETE FROM t")))
                .as("the lake's own work goes on")
                .isEqualTo(3);
    }

    @Test
    void anInterruptOfTheRunThatUsedAKeptConnectionNeverReachesTheRunThatUsesItNext() throws Exception {
        try (RunLake a = lake.forRun("run-a");
                RunLake b = lake.forRun("run-b")) {
            Staging staging = a.stage(OWNERS, "run-a", Optional.empty());
            try {
                staging.rows(
                        "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01')) AS r(firm, owner, pct, filed)");
                assertThat(staging.publish(true).published()).isTrue();
            } finally {
                staging.close();
            }
            assertThat(lake.kept("owners"))
                    .as("the publish kept its writer, on the table's own connection")
                    .isPresent();

            CountDownLatch entered = new CountDownLatch(1);
            CompletableFuture<Long> writeOfB = inBackground(() -> b.write("owners", session -> {
                entered.countDown();
                return session.queryLong(ENDLESS);
            }));
            assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < 10; i++) {
                assertThat(lake.interrupt("run-a"))
                        .as("run-a holds no connection now")
                        .isZero();
                Thread.sleep(50);
            }
            assertThatThrownBy(() -> writeOfB.get(500, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
            interruptUntilDone("run-b", writeOfB);
            assertThat(failure(writeOfB)).isInstanceOf(LakeInterrupted.class);
            assertThat(lake.kept("owners"))
                    .as("run-b wrote on the slot run-a's publish kept a writer on; its failure dropped it")
                    .isEmpty();
        }
        assertThat(lake.<List<String>>read(session -> session.queryStrings("SELECT firm || owner || pct FROM owners")))
                .containsExactly("F1O110");
    }
}
