package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunLimits;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.runs.Scope;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Limits are counted in the store at claim time, so that nodes claiming at once never start more runs of a scope than
 * its limit: three claimers (threads with connections of their own, as three nodes) claim and end the runs of a group
 * limited to 3 whose asset is in a pool limited to 2, with seeded random pauses (the seed is printed; {@code -Dseed=N}
 * replays one). Every claim and end is logged in the order the claimers saw them commit, and the store is read after
 * each one: neither ever shows more than 2 runs of the pool or 3 of the group executing. Run by a subclass per backend.
 */
public abstract class ClusterLimitsContract {

    private static final int RUNS_IN_POOL = 10;
    private static final int RUNS_OUTSIDE_POOL = 6;

    @Inject
    RunQueue queue;

    @Inject
    RunHistory history;

    @Inject
    RunLimits limits;

    @Inject
    DataSource dataSource;

    private final ExecutorService threads = Executors.newFixedThreadPool(3);

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    /** A claim or an end, numbered in the order a claimer saw it commit (claims after, ends before their commit). */
    record Event(long seq, boolean claim, String runId, boolean inPool) {}

    @Test
    void threeClaimersAtOnceNeverExceedTheGroupsOrThePoolsLimit() throws Exception {
        long seed = Long.getLong("seed", new Random().nextLong());
        System.out.println("ClusterLimitsContract seed: " + seed + " (replay with -Dseed=" + seed + ")");
        String group = UUID.randomUUID().toString();
        String pool = "pool-" + UUID.randomUUID().toString().substring(0, 8);
        AssetKey asset =
                AssetKey.of("limits", "a" + UUID.randomUUID().toString().replace("-", ""));
        AssetKey other =
                AssetKey.of("limits", "b" + UUID.randomUUID().toString().replace("-", ""));
        Instant t0 = Instant.parse("2032-01-01T00:00:00Z");
        limits.set(Scope.GROUP, group, 3, t0);
        limits.set(Scope.POOL, pool, 2, t0);
        List<Run> runs = new ArrayList<>();
        List<String> inPool = new ArrayList<>();
        for (int i = 0; i < RUNS_IN_POOL + RUNS_OUTSIDE_POOL; i++) {
            boolean pooled = i % 8 < 5; // mostly the pooled asset, in runs of the group mixed with others
            Run run = run(group, pooled ? asset : other, String.format("2024-01-%02d", i + 1), t0.plusMillis(i));
            runs.add(run);
            if (pooled) {
                inPool.add(run.id());
            }
        }
        queue.createAll(runs);
        // the pooled asset declares the pool (the catalog of this test app does not know these assets)
        setPools(inPool, pool);
        List<String> ids = runs.stream().map(Run::id).toList();

        List<Event> log = new CopyOnWriteArrayList<>();
        AtomicLong seq = new AtomicLong();
        AtomicInteger ended = new AtomicInteger();
        Map<String, Integer> worst = new ConcurrentHashMap<>();
        // first, one claim of three runs of the pool: the pool's limit admits two (whatever the claimers do later)
        List<Run> first = queue.claimAll(inPool.subList(0, 3), t0);
        assertThat(first).as("one claim of three runs of a pool limited to 2").hasSize(2);
        for (Run r : first) {
            log.add(new Event(seq.incrementAndGet(), true, r.id(), true));
        }
        observe(group, pool, worst);
        for (Run r : first) {
            log.add(new Event(seq.incrementAndGet(), false, r.id(), true));
            queue.record(end(r, t0.plusMillis(1)));
            ended.incrementAndGet();
        }
        CyclicBarrier start = new CyclicBarrier(3);
        List<Future<?>> claimers = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            Random random = new Random(seed + c);
            claimers.add(threads.submit(() -> {
                start.await();
                for (int round = 0; ended.get() < runs.size(); round++) {
                    if (round > 5_000) {
                        throw new AssertionError("the runs did not all end after 5,000 rounds");
                    }
                    pause(random);
                    List<String> window = new ArrayList<>(ids);
                    Collections.rotate(window, -random.nextInt(window.size()));
                    List<Run> claimed =
                            queue.claimAll(window.subList(0, 1 + random.nextInt(window.size())), t0.plusSeconds(round));
                    for (Run r : claimed) {
                        log.add(new Event(seq.incrementAndGet(), true, r.id(), inPool.contains(r.id())));
                    }
                    observe(group, pool, worst);
                    pause(random);
                    for (Run r : claimed) {
                        log.add(new Event(seq.incrementAndGet(), false, r.id(), inPool.contains(r.id())));
                        queue.record(end(r, t0.plusSeconds(round).plusMillis(1)));
                        ended.incrementAndGet();
                        observe(group, pool, worst);
                        pause(random);
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : claimers) {
            f.get(5, TimeUnit.MINUTES);
        }

        List<Event> sweep = new ArrayList<>(log);
        sweep.sort((a, b) -> Long.compare(a.seq(), b.seq()));
        int inGroupNow = 0;
        int inPoolNow = 0;
        int mostInGroup = 0;
        int mostInPool = 0;
        for (Event e : sweep) {
            int step = e.claim() ? 1 : -1;
            inGroupNow += step;
            inPoolNow += e.inPool() ? step : 0;
            mostInGroup = Math.max(mostInGroup, inGroupNow);
            mostInPool = Math.max(mostInPool, inPoolNow);
        }
        System.out.printf(
                "ClusterLimitsContract: %d events; at most %d of the group and %d of the pool at once (sweep), %s (store)%n",
                sweep.size(), mostInGroup, mostInPool, worst);
        assertThat(sweep.stream().filter(Event::claim).map(Event::runId))
                .as("every run claimed exactly once")
                .hasSize(runs.size())
                .doesNotHaveDuplicates();
        assertThat(mostInPool)
                .as("runs of the pool at once (limit 2), seed " + seed)
                .isLessThanOrEqualTo(2);
        assertThat(mostInGroup)
                .as("runs of the group at once (limit 3), seed " + seed)
                .isLessThanOrEqualTo(3);
        assertThat(worst.getOrDefault("pool", 0))
                .as("STARTED runs of the pool in the store, seed " + seed)
                .isLessThanOrEqualTo(2);
        assertThat(worst.getOrDefault("group", 0))
                .as("STARTED runs of the group in the store, seed " + seed)
                .isLessThanOrEqualTo(3);
        assertThat(worst.getOrDefault("pool", 0))
                .as("the pool was full at some point")
                .isEqualTo(2);
        assertThat(slots(group, pool)).as("every end released its slots").isZero();
        assertThat(ids)
                .allSatisfy(id ->
                        assertThat(history.find(id).orElseThrow().status()).isEqualTo(RunStatus.SUCCESS));
        limits.remove(Scope.GROUP, group);
        limits.remove(Scope.POOL, pool);
    }

    @Test
    void aLimitSetLaterCountsTheRunsAlreadyExecutingAndAnEndFreesItsPlace() {
        String group = UUID.randomUUID().toString();
        AssetKey asset =
                AssetKey.of("limits", "c" + UUID.randomUUID().toString().replace("-", ""));
        Instant t0 = Instant.parse("2032-02-01T00:00:00Z");
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            runs.add(run(group, asset, "2024-02-0" + (i + 1), t0.plusMillis(i)));
        }
        queue.createAll(runs);
        List<String> ids = runs.stream().map(Run::id).toList();
        List<Run> first = queue.claimAll(ids.subList(0, 2), t0);
        assertThat(first).as("no limit yet").hasSize(2);
        limits.set(Scope.GROUP, group, 2, t0);
        assertThat(queue.claimAll(ids, t0.plusSeconds(1)))
                .as("the two executing runs fill the limit set after they started")
                .isEmpty();
        assertThat(queue.usage().running(new RunLimits.Key(Scope.GROUP, group))).isEqualTo(2);
        queue.record(end(first.get(0), t0.plusSeconds(2)));
        assertThat(queue.claimAll(ids, t0.plusSeconds(3)))
                .extracting(Run::id)
                .as("an end frees one place")
                .containsExactly(ids.get(2));
        limits.remove(Scope.GROUP, group);
        assertThat(queue.claimAll(ids, t0.plusSeconds(4)))
                .extracting(Run::id)
                .as("no limit any more")
                .containsExactly(ids.get(3));
    }

    /**
     * A claim that waits for another node's transaction on a limit's row (an end freeing a place, a claim) starts its
     * runs at the instant it read after the wait, never before: otherwise the stored intervals of a limit's runs could
     * overlap more than the limit allows although the claims never exceeded it.
     */
    @Test
    void aClaimThatWaitedForALimitsRowStartsItsRunsAfterTheWait() throws Exception {
        String group = UUID.randomUUID().toString();
        AssetKey asset =
                AssetKey.of("limits", "d" + UUID.randomUUID().toString().replace("-", ""));
        Instant t0 = Instant.parse("2032-03-01T00:00:00Z");
        limits.set(Scope.GROUP, group, 1, t0);
        Run run = run(group, asset, "2024-03-01", t0);
        queue.createAll(List.of(run));
        AtomicReference<Instant> now = new AtomicReference<>(t0.plusSeconds(1));
        Future<List<Run>> claim;
        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            try (PreparedStatement ps = other.prepareStatement(
                    "SELECT max_running FROM concurrency_limit WHERE scope = 'GROUP' AND name = ? FOR UPDATE")) {
                ps.setString(1, group);
                ps.executeQuery().close();
            }
            claim = threads.submit(
                    () -> queue.claimGroup(List.of(run.id()), now::get).runs());
            Thread.sleep(700);
            assertThat(claim.isDone()).as("the claim waits for the limit's row").isFalse();
            now.set(t0.plusSeconds(5));
            other.commit();
        }
        List<Run> claimed = claim.get(30, TimeUnit.SECONDS);
        assertThat(claimed).extracting(Run::id).containsExactly(run.id());
        assertThat(claimed.get(0).startedAt())
                .as("started once the row was free")
                .isEqualTo(t0.plusSeconds(5));
        assertThat(history.find(run.id()).orElseThrow().startedAt()).isEqualTo(t0.plusSeconds(5));
        queue.record(end(claimed.get(0), t0.plusSeconds(6)));
        limits.remove(Scope.GROUP, group);
    }

    private static void pause(Random random) throws InterruptedException {
        int p = random.nextInt(4);
        if (p > 0) {
            Thread.sleep(random.nextInt(3 * p));
        }
    }

    /** Reads the STARTED runs of the group and of the pool from the store and keeps the most seen. */
    private void observe(String group, String pool, Map<String, Integer> worst) throws SQLException {
        worst.merge(
                "group", count("SELECT COUNT(*) FROM run WHERE status = 'STARTED' AND group_id = ?", group), Math::max);
        worst.merge("pool", count("SELECT COUNT(*) FROM run WHERE status = 'STARTED' AND pools = ?", pool), Math::max);
    }

    private int slots(String group, String pool) throws SQLException {
        return count("SELECT COUNT(*) FROM run_slot WHERE name = ?", group)
                + count("SELECT COUNT(*) FROM run_slot WHERE name = ?", pool);
    }

    private int count(String sql, String value) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, value);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private void setPools(List<String> ids, String pool) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("UPDATE run SET pools = ? WHERE id = ?")) {
            for (String id : ids) {
                ps.setString(1, pool);
                ps.setString(2, id);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static RunRecords end(Run run, Instant at) {
        RunRecords records = new RunRecords();
        records.step(run.id(), new RunStep(0, run.assets().get(0), RunStatus.SUCCESS, at, at, 0, 1, 0, null));
        records.ended(
                run,
                new RunRecords.RunEnd(run.id(), RunStatus.SUCCESS, at, 0, 1, 0, null),
                AuditEvent.of(at, "sluice", AuditAction.RUN_FINISHED, run.id(), null, null, Map.of()));
        return records;
    }

    private static Run run(String group, AssetKey asset, String partition, Instant at) {
        return new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.INCREMENTAL,
                List.of(asset),
                List.of(),
                List.of(partition),
                "{}",
                "limits",
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
                group,
                Map.of());
    }
}
