package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.BackfillStore;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.LogLine;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.PartitionBusy;
import io.sluice.runs.QueuePlace;
import io.sluice.runs.QueuedRun;
import io.sluice.runs.Run;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The contract of the run queue ({@link RunQueue}): queueing, reservations, dependencies, admitted groups, cancels and
 * ends; claims and records are in {@link RunClaimContract}. Run by a subclass per backend.
 */
public abstract class RunQueueContract extends StorePortContract {

    @Test
    void aRunWaitsForItsDependenciesAndIsCanceledWithThemWhenOneFails() {
        AssetKey a = uniqueAsset();
        Run first = partitionedRun(a, "p1");
        Run second = partitionedRun(a, "p2");
        Run third = partitionedRun(a, "p3");
        queue.createAll(List.of(first, second, third));
        queue.addDependencies(Map.of(second.id(), List.of(first.id()), third.id(), List.of(first.id(), second.id())));
        assertThat(queuedIds()).contains(first.id()).doesNotContain(second.id(), third.id());

        QueuePlace waiting = queue.queuePlace(third.id());
        assertThat(waiting.position()).as("it waits for no asset partition").isZero();
        assertThat(waiting.upstreamCount()).isEqualTo(2);
        assertThat(waiting.upstream())
                .extracting(QueuePlace.Waited::runId)
                .containsExactlyInAnyOrder(first.id(), second.id());
        assertThat(waiting.upstream())
                .extracting(QueuePlace.Waited::covers)
                .containsExactlyInAnyOrder(a + " partition p1", a + " partition p2");

        queue.claim(first.id(), t0);
        queue.finish(first.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        assertThat(queuedIds()).contains(second.id()).doesNotContain(third.id());
        assertThat(queue.queuePlace(third.id()).upstream())
                .as("a run that succeeded is waited for no more")
                .extracting(QueuePlace.Waited::runId)
                .containsExactly(second.id());

        queue.claim(second.id(), t0.plusSeconds(2));
        queue.finish(second.id(), RunStatus.FAILURE, t0.plusSeconds(3), 0, 0, 0, "boom");
        assertThat(queue.cancelDependents(second.id(), t0.plusSeconds(4), "upstream failed"))
                .containsExactly(third.id());
        Run canceled = history.find(third.id()).orElseThrow();
        assertThat(canceled.status()).isEqualTo(RunStatus.CANCELED);
        assertThat(canceled.error()).isEqualTo("upstream failed");
        assertThat(canceled.steps()).extracting(RunStep::status).containsOnly(RunStatus.CANCELED);
        assertThat(assets.activePartitions(a)).doesNotContain("p3");
        assertThat(queue.cancelDependents(second.id(), t0.plusSeconds(5), "again"))
                .as("already canceled")
                .isEmpty();
    }

    @Test
    void theRunsThatWaitedForADeadRunWaitForItsRetry() {
        AssetKey a = uniqueAsset();
        Run dead = partitionedRun(a, "p1");
        Run waiting = partitionedRun(a, "p2");
        queue.createAll(List.of(dead, waiting));
        queue.addDependencies(Map.of(waiting.id(), List.of(dead.id())));
        queue.claim(dead.id(), t0);
        queue.finish(dead.id(), RunStatus.FAILURE, t0.plusSeconds(1), 0, 0, 0, "died");
        Run retry = partitionedRun(a, "p1");
        queue.create(retry);
        queue.moveDependencies(dead.id(), retry.id());
        assertThat(queuedIds()).contains(retry.id()).doesNotContain(waiting.id());
        queue.claim(retry.id(), t0.plusSeconds(2));
        queue.finish(retry.id(), RunStatus.SUCCESS, t0.plusSeconds(3), 0, 0, 0, null);
        assertThat(queuedIds()).contains(waiting.id());
    }

    @Test
    void anAssetPartitionHasAtMostOneActiveRun() {
        AssetKey a = uniqueAsset();
        Run first = partitionedRun(a, "2024-01-01", "2024-01-02");
        queue.create(first);
        assertThatThrownBy(() -> queue.create(partitionedRun(a, "2024-01-02", "2024-01-03")))
                .isInstanceOf(PartitionBusy.class)
                .hasMessageContaining("partition 2024-01-02")
                .hasMessageContaining(first.id());
        assertThat(assets.activePartitions(a)).containsExactlyInAnyOrder("2024-01-01", "2024-01-02");
        Run other = partitionedRun(a, "2024-01-03");
        queue.create(other);
        assertThatThrownBy(() ->
                        queue.createAll(List.of(partitionedRun(a, "2024-02-01"), partitionedRun(a, "2024-02-01"))))
                .isInstanceOf(PartitionBusy.class)
                .hasMessageContaining("twice");
        assertThat(assets.activePartitions(a))
                .as("nothing of a refused launch is stored")
                .containsExactlyInAnyOrder("2024-01-01", "2024-01-02", "2024-01-03");

        queue.claim(first.id(), t0);
        queue.finish(first.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        queue.cancel(other.id(), t0.plusSeconds(1));
        assertThat(assets.activePartitions(a)).isEmpty();
        queue.create(partitionedRun(a, "2024-01-02"));
    }

    @Test
    void theQueueGivesQueuedRunsOldestFirstAndPartitionOutcomesAreKept() {
        AssetKey a = uniqueAsset();
        Run r1 = partitionedRun(a, "2024-01-01");
        Run r2 = partitionedRun(a, "2024-01-02");
        queue.createAll(List.of(r1, r2));
        List<String> queued =
                queue.nextQueued(10_000).stream().map(QueuedRun::id).toList();
        assertThat(queued).containsSubsequence(r1.id(), r2.id());
        queue.claim(r1.id(), t0);
        assertThat(queue.nextQueued(10_000))
                .extracting(QueuedRun::id)
                .doesNotContain(r1.id())
                .contains(r2.id());
        assertThat(queue.nextQueued(10_000).stream()
                        .filter(q -> q.id().equals(r2.id()))
                        .findFirst()
                        .orElseThrow()
                        .assets())
                .containsExactly(a);

        assets.recordPartitionOutcome(a, List.of("2024-01-01", "2024-01-02"), "FAILED", r1.id(), t0);
        assets.recordPartitionOutcome(a, List.of("2024-01-02"), "MATERIALIZED", r2.id(), t0.plusSeconds(1));
        assertThat(assets.partitionOutcomes(a))
                .containsExactlyInAnyOrderEntriesOf(Map.of("2024-01-01", "FAILED", "2024-01-02", "MATERIALIZED"));
    }

    @Test
    void aBusyPartitionIsRefusedOrQueuedBehindItsRunsInOrder() {
        AssetKey a = uniqueAsset();
        Run first = partitionedRun(a, "2024-04-01");
        Run second = partitionedRun(a, "2024-04-01", "2024-04-02");
        Run third = partitionedRun(a, "2024-04-02");
        queue.create(first);
        queue.createAll(List.of(second), true);
        assertThat(events.logs(second.id(), 0, 10))
                .extracting(LogLine::message)
                .singleElement()
                .asString()
                .contains("queued behind run " + first.id());
        assertThatThrownBy(() -> queue.createAll(List.of(partitionedRun(a, "2024-04-02")), false))
                .as("a partition a run waits for is busy too")
                .isInstanceOf(PartitionBusy.class);
        queue.createAll(List.of(third), true);
        assertThat(queue.nextQueued(10_000))
                .extracting(QueuedRun::id)
                .contains(first.id())
                .doesNotContain(second.id(), third.id());
        assertThat(queue.promoteWaiting()).as("nothing is free yet").isZero();

        // where each stands: the second first in line behind the first; the third behind the second, which waits
        QueuePlace secondPlace = queue.queuePlace(second.id());
        assertThat(secondPlace.position()).isEqualTo(1);
        assertThat(secondPlace.ahead())
                .containsExactly(
                        new QueuePlace.Waited(first.id(), RunStatus.QUEUED, "asset " + a + " partition 2024-04-01"));
        QueuePlace thirdPlace = queue.queuePlace(third.id());
        assertThat(thirdPlace.position()).isEqualTo(2);
        assertThat(thirdPlace.ahead()).extracting(QueuePlace.Waited::runId).containsExactly(second.id());
        assertThat(queue.queuePlace(first.id())).as("it waits for no run").isEqualTo(QueuePlace.NOTHING);

        queue.claimAll(List.of(first.id()), t0);
        queue.finish(first.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        assertThat(queue.promoteWaiting())
                .as("the second, not the third which came later for 2024-04-02")
                .isEqualTo(1);
        assertThat(queue.nextQueued(10_000))
                .extracting(QueuedRun::id)
                .contains(second.id())
                .doesNotContain(third.id());
        assertThat(assets.activePartitions(a)).containsExactlyInAnyOrder("2024-04-01", "2024-04-02");

        queue.claimAll(List.of(second.id()), t0.plusSeconds(2));
        queue.finish(second.id(), RunStatus.SUCCESS, t0.plusSeconds(3), 0, 0, 0, null);
        assertThat(queue.promoteWaiting()).isEqualTo(1);
        assertThat(queue.nextQueued(10_000)).extracting(QueuedRun::id).contains(third.id());
        assertThat(queue.cancel(third.id(), t0.plusSeconds(4))).isEqualTo(RunQueue.CancelOutcome.CANCELED);
        assertThat(assets.activePartitions(a)).isEmpty();
    }

    @Test
    void cancelEndsAQueuedRunButOnlyFlagsAStartedOne() {
        Run queued = newRun(uniqueAsset());
        Run started = newRun(uniqueAsset());
        queue.create(queued);
        queue.create(started);
        queue.claim(started.id(), t0);

        assertThat(queue.cancel(queued.id(), t0.plusSeconds(1))).isEqualTo(RunQueue.CancelOutcome.CANCELED);
        Run canceled = history.find(queued.id()).orElseThrow();
        assertThat(canceled.status()).isEqualTo(RunStatus.CANCELED);
        assertThat(canceled.steps()).extracting(RunStep::status).containsOnly(RunStatus.CANCELED);
        assertThat(queue.claim(queued.id(), t0.plusSeconds(2))).isFalse();

        assertThat(queue.cancel(started.id(), t0.plusSeconds(1))).isEqualTo(RunQueue.CancelOutcome.REQUESTED);
        assertThat(history.find(started.id()).orElseThrow().status()).isEqualTo(RunStatus.STARTED);
        assertThat(queue.isCancelRequested(started.id())).isTrue();
        assertThat(queue.cancel(started.id(), t0.plusSeconds(2)))
                .as("asked already")
                .isEqualTo(RunQueue.CancelOutcome.UNCHANGED);
        assertThat(queue.cancel(queued.id(), t0.plusSeconds(2)))
                .as("ended already")
                .isEqualTo(RunQueue.CancelOutcome.UNCHANGED);
    }

    @Test
    void finishingRecordsTotalsAndStepOutcomes() {
        AssetKey a = uniqueAsset();
        Run run = newRun(a);
        queue.create(run);
        queue.claim(run.id(), t0);
        queue.updateStep(
                run.id(), new RunStep(0, a, RunStatus.FAILURE, t0, t0.plusSeconds(2), 5, 2, 40, "boom\n\tat x"));
        queue.finish(run.id(), RunStatus.FAILURE, t0.plusSeconds(3), 5, 2, 40, "a: boom");
        Run read = history.find(run.id()).orElseThrow();
        assertThat(read.status()).isEqualTo(RunStatus.FAILURE);
        assertThat(read.endedAt()).isEqualTo(t0.plusSeconds(3));
        assertThat(read.rowsWritten()).isEqualTo(40);
        assertThat(read.steps().get(0).error()).contains("boom");
        assertThat(history.lastStepByAsset(List.of(a)).get(a).runId()).isEqualTo(run.id());
        assertThat(history.lastStepByAsset(List.of(a)).get(a).step().status()).isEqualTo(RunStatus.FAILURE);
    }

    @Inject
    BackfillStore backfills;

    @Test
    void onlyTheRunsOfAdmittedGroupsAreQueuedAndAStoppedGroupsRunsAreAskedToStop() {
        AssetKey a = uniqueAsset();
        String running = backfill(BackfillStatus.RUNNING, a);
        String paused = backfill(BackfillStatus.PAUSED, a);
        String canceled = backfill(BackfillStatus.CANCELED, a);
        Run ofRunning = inGroup(partitionedRun(a, "p1"), running);
        Run ofPaused = inGroup(partitionedRun(a, "p2"), paused);
        Run ofCanceled = inGroup(partitionedRun(a, "p3"), canceled);
        Run single = partitionedRun(a, "p4");
        queue.createAll(List.of(ofRunning, ofPaused, ofCanceled, single));
        assertThat(queuedIds()).contains(ofRunning.id(), single.id()).doesNotContain(ofPaused.id(), ofCanceled.id());

        queue.claimAll(List.of(ofRunning.id(), ofCanceled.id(), single.id()), t0);
        assertThat(queue.cancelRequested(List.of(ofRunning.id(), ofCanceled.id(), single.id())))
                .as("the started run of a canceled group stops")
                .containsExactly(ofCanceled.id());
        assertThat(queue.isCancelRequested(ofCanceled.id())).isTrue();
        assertThat(queue.isCancelRequested(ofRunning.id())).isFalse();
        queue.cancel(single.id(), t0.plusSeconds(1));
        assertThat(queue.isCancelRequested(single.id())).as("flagged").isTrue();
    }

    private String backfill(BackfillStatus status, AssetKey asset) {
        String id = UUID.randomUUID().toString();
        QuarkusTransaction.requiringNew()
                .run(() -> backfills.create(new Backfill(
                        id,
                        status,
                        List.of(asset),
                        MaterializationMode.FULL_REFRESH,
                        "{}",
                        null,
                        "tester",
                        t0,
                        null,
                        1,
                        1,
                        0,
                        null)));
        return id;
    }

    private static Run inGroup(Run run, String group) {
        return new Run(
                run.id(),
                run.status(),
                run.mode(),
                run.assets(),
                run.keys(),
                run.partitions(),
                run.configJson(),
                run.reason(),
                run.launchedBy(),
                run.createdAt(),
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                run.steps(),
                run.kind(),
                null,
                group,
                Map.of("sluice/backfill", group));
    }
}
