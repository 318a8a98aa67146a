package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetState;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A backfill's cancel and a worker that claims and ends one of its runs while the cancel is under way: neither waits for
 * the other in a circle (H2 reported {@code Deadlock detected ... ACTIVE_PARTITION} when a cancel deleted the reservations
 * of runs it saw queued, a worker then claimed and ended one of them, and the cancel went on to flag the started runs).
 * The interleaving is forced: a third transaction holds the step row of one queued run, so the cancel stops on it part
 * of the way through, while the test claims and ends the other run. Run by a subclass per backend.
 */
public abstract class CancelLockOrderContract {

    @Inject
    RunQueue queue;

    @Inject
    RunHistory history;

    @Inject
    AssetState assetState;

    @Inject
    DataSource dataSource;

    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void aCancelAndAWorkerEndingAClaimedRunOfTheBackfillBothCommit() throws Exception {
        String backfill = UUID.randomUUID().toString();
        AssetKey asset =
                AssetKey.of("lockorder", "a" + UUID.randomUUID().toString().replace("-", ""));
        Instant t0 = Instant.parse("2031-01-01T00:00:00Z");
        // the blocked run's rows come first in id order, so that the cancel stops on it before it reaches the claimed
        // run's
        String id = UUID.randomUUID().toString().substring(1);
        Run blocked = run("0" + id, backfill, asset, "2024-01-01", t0);
        Run claimed = run("1" + id, backfill, asset, "2024-01-02", t0);
        queue.createAll(List.of(blocked, claimed));

        try (Connection holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            try (PreparedStatement ps =
                    holder.prepareStatement("UPDATE run_step SET status = status WHERE run_id = ?")) {
                ps.setString(1, blocked.id());
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
            Future<Integer> cancel = threads.submit(() -> queue.cancelGroup(backfill, t0.plusSeconds(1)));
            awaitWaiting(1);

            Future<?> end = null;
            List<Run> started = queue.claimAll(List.of(claimed.id()), t0.plusSeconds(2));
            if (!started.isEmpty()) {
                // the worker's run ends and its records are stored while the cancel is still open
                RunRecords records = new RunRecords();
                records.step(
                        claimed.id(),
                        new RunStep(0, asset, RunStatus.SUCCESS, t0.plusSeconds(2), t0.plusSeconds(3), 0, 1, 0, null));
                records.ended(
                        started.get(0),
                        new RunRecords.RunEnd(claimed.id(), RunStatus.SUCCESS, t0.plusSeconds(3), 0, 1, 0, null),
                        AuditEvent.of(
                                t0.plusSeconds(3),
                                "sluice",
                                AuditAction.RUN_FINISHED,
                                claimed.id(),
                                asset.toString(),
                                null,
                                Map.of()));
                end = threads.submit(() -> queue.record(records));
                awaitWaitingOrDone(2, end);
            }
            holder.rollback();

            assertThat(cancel.get(30, TimeUnit.SECONDS))
                    .as("runs the cancel canceled")
                    .isBetween(1, 2);
            if (end != null) {
                end.get(30, TimeUnit.SECONDS);
            }
        }

        assertThat(history.find(blocked.id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELED);
        assertThat(history.find(claimed.id()).orElseThrow().status()).isIn(RunStatus.CANCELED, RunStatus.SUCCESS);
        assertThat(assetState.activePartitions(asset))
                .as("no reservation outlives its run")
                .isEmpty();
    }

    private static Run run(String id, String backfill, AssetKey asset, String partition, Instant at) {
        return new Run(
                id,
                RunStatus.QUEUED,
                MaterializationMode.INCREMENTAL,
                List.of(asset),
                List.of(),
                List.of(partition),
                "{}",
                "lock order",
                "tester",
                at,
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                List.of(RunStep.queued(0, asset)),
                RunKind.MATERIALIZE,
                null,
                backfill,
                Map.of());
    }

    /** Waits until at least {@code n} sessions of the metadata store wait for a lock. */
    private void awaitWaiting(int n) throws Exception {
        awaitWaitingOrDone(n, null);
    }

    private void awaitWaitingOrDone(int n, Future<?> done) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (Instant.now().isBefore(deadline)) {
            if ((done != null && done.isDone()) || waiting() >= n) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("fewer than " + n + " sessions came to wait for a lock in 20 s");
    }

    private long waiting() throws Exception {
        try (Connection c = dataSource.getConnection()) {
            String sql = SqlDialect.of(c) == SqlDialect.H2
                    ? "SELECT count(*) FROM information_schema.sessions WHERE blocker_id IS NOT NULL"
                    : "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'";
            try (PreparedStatement ps = c.prepareStatement(sql);
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
