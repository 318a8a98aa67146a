package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetState;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One node at a time promotes the runs that wait for partitions ({@link RunQueue#promoteWaiting()}): two nodes
 * promoting at once used to reserve the same asset partition twice, and the key refused the second one, which failed
 * that node's whole dispatcher round. Run by a subclass per backend.
 */
public abstract class QueuePromotionContract {

    private static final int WAITING = 40;

    @Inject
    RunQueue queue;

    @Inject
    AssetState assets;

    @Inject
    DataSource dataSource;

    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void twoPromotionsAtOnceFailNeitherAndPromoteEachRunOnce() throws Exception {
        for (int round = 0; round < 5; round++) {
            AssetKey asset =
                    AssetKey.of("promotion", "a" + UUID.randomUUID().toString().replace("-", ""));
            List<Run> waiting = queueBehindAHolderThatIsCanceled(asset);
            CyclicBarrier start = new CyclicBarrier(2);
            List<Future<Integer>> promotions = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                promotions.add(threads.submit(() -> {
                    start.await();
                    return queue.promoteWaiting();
                }));
            }
            for (Future<Integer> f : promotions) {
                assertThat(f.get(2, TimeUnit.MINUTES))
                        .as("round " + round + ": neither promotion fails")
                        .isNotNegative();
            }
            queue.promoteWaiting(); // a skipped round is made up by the next one
            assertThat(holders(asset))
                    .as("round " + round + ": each waiting run holds its partition, once")
                    .isEqualTo(expected(waiting));
            assertThat(stillWaiting(waiting)).as("nothing waits any more").isZero();
        }
    }

    @Test
    void aPromotionWhileAnotherNodeHoldsTheLockPromotesNothing() throws Exception {
        AssetKey asset =
                AssetKey.of("promotion", "b" + UUID.randomUUID().toString().replace("-", ""));
        List<Run> waiting = queueBehindAHolderThatIsCanceled(asset);
        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            try (PreparedStatement ps = other.prepareStatement(
                            "SELECT name FROM cluster_lock WHERE name = 'queue-promotion' FOR UPDATE");
                    ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("the lock row exists").isTrue();
            }
            assertThat(threads.submit(queue::promoteWaiting).get(30, TimeUnit.SECONDS))
                    .as("another node is promoting: this round skips, without waiting")
                    .isZero();
            assertThat(holders(asset)).isEmpty();
            other.rollback();
        }
        queue.promoteWaiting();
        assertThat(holders(asset)).isEqualTo(expected(waiting));
    }

    /** Queues WAITING one-partition runs behind a run that holds all their partitions, then cancels that run. */
    private List<Run> queueBehindAHolderThatIsCanceled(AssetKey asset) throws SQLException {
        Instant t0 = Instant.parse("2033-01-01T00:00:00Z");
        List<String> days = new ArrayList<>();
        for (int i = 0; i < WAITING; i++) {
            days.add(java.time.LocalDate.of(2024, 1, 1).plusDays(i).toString());
        }
        Run holder = run(asset, days, t0);
        queue.create(holder);
        List<Run> waiting = new ArrayList<>();
        for (int i = 0; i < WAITING; i++) {
            waiting.add(run(asset, List.of(days.get(i)), t0.plusMillis(i + 1)));
        }
        queue.createAll(waiting, true);
        assertThat(stillWaiting(waiting)).isEqualTo(WAITING);
        queue.cancel(holder.id(), t0.plusSeconds(1));
        return waiting;
    }

    private static Map<String, String> expected(List<Run> waiting) {
        Map<String, String> byPartition = new HashMap<>();
        waiting.forEach(r -> byPartition.put(r.partitions().get(0), r.id()));
        return byPartition;
    }

    /** The run holding each partition of the asset, by partition (a partition held twice would fail the key). */
    private Map<String, String> holders(AssetKey asset) throws SQLException {
        Map<String, String> held = new HashMap<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps =
                        c.prepareStatement("SELECT partition_key, run_id FROM active_partition WHERE asset_key = ?")) {
            ps.setString(1, asset.toString());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    assertThat(held.put(rs.getString(1), rs.getString(2))).isNull();
                }
            }
        }
        return held;
    }

    private int stillWaiting(List<Run> runs) throws SQLException {
        int n = 0;
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM partition_wait WHERE run_id = ?")) {
            for (Run r : runs) {
                ps.setString(1, r.id());
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    n += rs.getInt(1);
                }
            }
        }
        return n;
    }

    private static Run run(AssetKey asset, List<String> partitions, Instant at) {
        return new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.FULL_REFRESH,
                List.of(asset),
                List.of(),
                partitions,
                "{}",
                "promotion",
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
                null,
                Map.of());
    }
}
