package io.sluice.runs.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.QueuedRun;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunLimits;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunSettings;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunsEnded;
import io.sluice.runs.execute.RunWorker;
import io.sluice.testing.Fake;
import jakarta.enterprise.event.Event;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ObjDoubleConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher driven round by round through {@link RunExecutor#runOnce()}, with a fake queue and a fake worker
 * that holds each group until the test lets it end: no loop, no sleeping, no database.
 */
class RunExecutorTest {

    private static final AssetKey ASSET = AssetKey.parse("test/a");
    private static final int WORKERS = 2;

    /** What the fake store lists as queued, in order. */
    private final List<QueuedRun> queue = new CopyOnWriteArrayList<>();

    private final BlockingQueue<List<String>> startedGroups = new LinkedBlockingQueue<>();
    private final BlockingQueue<RunsEnded> ended = new LinkedBlockingQueue<>();
    private volatile CountDownLatch gate = new CountDownLatch(1);

    private final RunQueue store = Fake.of(
            RunQueue.class,
            Map.of(
                    "promoteWaiting", args -> 0,
                    "usage", args -> RunLimits.Usage.NONE /* no limits */,
                    "nextQueued", args -> List.copyOf(queue.subList(0, Math.min(queue.size(), (Integer) args[0])))));
    private final RunSettings settings = Fake.of(
            RunSettings.class,
            Map.of(
                    "workers",
                    args -> WORKERS,
                    "execute",
                    args -> true,
                    "groupMaxRuns",
                    args -> 1,
                    "groupTargetMillis",
                    args -> 200L,
                    "maxAttempts",
                    args -> 3));

    @SuppressWarnings("unchecked")
    private final Event<RunsEnded> finished = Fake.of(Event.class, Map.of("fire", args -> {
        ended.add((RunsEnded) args[0]);
        return null;
    }));

    /** The runs the worker says are lost to this node. */
    private final java.util.Set<String> lost = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Executes nothing: records the group, waits for the gate, ends each run SUCCESS. */
    private final RunWorker worker = new RunWorker(null, null, null, null, null, null, null, settings) {
        @Override
        public java.util.Set<String> lostIds() {
            return new java.util.HashSet<>(lost);
        }

        @Override
        public List<RunRecords.RunEnd> execute(List<String> runIds, ObjDoubleConsumer<Run> paced) {
            startedGroups.add(runIds);
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return runIds.stream()
                    .map(id -> new RunRecords.RunEnd(id, RunStatus.SUCCESS, Instant.EPOCH, 0, 0, 0, null))
                    .toList();
        }
    };

    private final RunExecutor executor = new RunExecutor(
            worker,
            store,
            Fake.of(RunHistory.class, Map.of()),
            new RunRecovery(store, null, null, null, null, null, null, null, null, null, null, null, null, null),
            () -> Instant.EPOCH,
            settings,
            AssetCatalog.of(List.of()),
            finished);

    @AfterEach
    void stop() {
        gate.countDown();
        executor.onStop(null);
    }

    private static QueuedRun single(String id) {
        return new QueuedRun(id, null, List.of(ASSET));
    }

    private List<String> started() throws InterruptedException {
        List<String> group = startedGroups.poll(30, TimeUnit.SECONDS);
        assertThat(group).as("a group reached the worker").isNotNull();
        return group;
    }

    private void awaitEnd() throws InterruptedException {
        assertThat(ended.poll(30, TimeUnit.SECONDS)).as("a group ended").isNotNull();
    }

    @Test
    void aRoundStartsAGroupPerFreeWorkerAndTheNextRoundAfterOneEndsStartsTheNext() throws Exception {
        queue.addAll(List.of(single("r1"), single("r2"), single("r3")));

        assertThat(executor.runOnce()).isEqualTo(2);
        assertThat(List.of(started(), started())).containsExactlyInAnyOrder(List.of("r1"), List.of("r2"));
        assertThat(executor.running()).isEqualTo(2);
        assertThat(executor.runOnce()).as("no free worker").isZero();

        queue.removeIf(r -> !r.id().equals("r3")); // claimed by the worker
        gate.countDown();
        awaitEnd();
        awaitEnd();
        assertThat(executor.running()).isZero();
        gate = new CountDownLatch(1);
        assertThat(executor.runOnce()).isEqualTo(1);
        assertThat(started()).containsExactly("r3");
    }

    @Test
    void aNodeWhoseLeaseIsAtRiskClaimsNothingUntilItIsRenewed() throws Exception {
        queue.add(single("r1"));
        java.util.concurrent.atomic.AtomicBoolean leaseOk = new java.util.concurrent.atomic.AtomicBoolean(false);
        executor.claimWhile(leaseOk::get);

        assertThat(executor.runOnce()).as("lease at risk").isZero();
        assertThat(startedGroups).isEmpty();

        leaseOk.set(true);
        assertThat(executor.runOnce()).as("renewed").isEqualTo(1);
        assertThat(started()).containsExactly("r1");
    }

    @Test
    void theLakeWorkOfARunLostToThisNodeIsInterrupted() throws Exception {
        queue.addAll(List.of(single("r1"), single("r2")));
        assertThat(executor.runOnce()).isEqualTo(2);
        started();
        started();
        List<String> interrupted = new CopyOnWriteArrayList<>();
        io.sluice.lake.Lake lake = Fake.of(io.sluice.lake.Lake.class, Map.of("interrupt", args -> {
            interrupted.add((String) args[0]);
            return 1;
        }));
        RunQueue noCancels = Fake.of(RunQueue.class, Map.of("cancelRequested", args -> java.util.Set.of()));
        CancelWatch watch = new CancelWatch(executor, noCancels, lake, settings);

        watch.interruptCanceled();
        assertThat(interrupted).as("nothing lost yet").isEmpty();

        lost.add("r2"); // this node fenced itself, or r2 was taken over
        watch.interruptCanceled();
        assertThat(interrupted).containsExactly("r2");
    }

    @Test
    void aRunFetchedAgainWhileItExecutesIsNotStartedTwice() throws Exception {
        queue.add(single("r1"));
        assertThat(executor.runOnce()).isEqualTo(1);
        assertThat(started()).containsExactly("r1");
        // the store still lists it (its claim is not committed yet); the runs ahead are read again
        executor.refresh();
        assertThat(executor.runOnce()).isZero();
        assertThat(startedGroups).isEmpty();
        assertThat(executor.running()).isEqualTo(1);
    }

    @Test
    void anEmptyQueueStartsNothing() {
        assertThat(executor.runOnce()).isZero();
        assertThat(executor.running()).isZero();
    }
}
