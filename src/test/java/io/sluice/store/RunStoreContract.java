package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.LogLine;
import io.sluice.runs.Materialization;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.PartitionBusy;
import io.sluice.runs.QueuedRun;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.runs.RunStore;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The contract of the metadata store, run by a subclass per backend (H2, PostgreSQL). Runs are
 * stored as QUEUED with an asset key unique to each test, so no worker of the app picks them up
 * (they are never submitted) and tests do not see each other's rows.
 */
public abstract class RunStoreContract {

    @Inject
    RunStore store;

    @Inject
    AuditLog audit;

    @Inject
    ActiveStore active;

    protected abstract String expectedBackend();

    private final Instant t0 = Instant.parse("2030-01-01T00:00:00Z").plus((long) (Math.random() * 1_000_000), ChronoUnit.SECONDS);

    private Run newRun(AssetKey... assets) {
        List<RunStep> steps = new ArrayList<>();
        for (int i = 0; i < assets.length; i++) {
            steps.add(RunStep.queued(i, assets[i]));
        }
        return new Run(UUID.randomUUID().toString(), RunStatus.QUEUED, MaterializationMode.SINGLE_KEY, List.of(assets), List.of("k1", "k2"),
                List.of(), "{\"a\":{}}", "because", "tester", t0, null, null, 0, 0, 0, null, false, steps, RunKind.MATERIALIZE, null, null);
    }

    private static AssetKey uniqueAsset() {
        return AssetKey.of("contract", "a" + UUID.randomUUID().toString().replace("-", ""));
    }

    @Test
    void checkResultsForTheRunPageFailuresFirstAndCounted() {
        AssetKey a = uniqueAsset();
        Run run = newRun(a);
        store.create(run);
        List<io.sluice.runs.RecordedCheck> checks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            checks.add(check(run.id(), a, "p" + i, "ok_" + i, io.sluice.lake.AssetCheck.Severity.ERROR, true));
        }
        checks.add(check(run.id(), a, "p5", "warned", io.sluice.lake.AssetCheck.Severity.WARN, false));
        checks.add(check(run.id(), a, "p6", "blocked", io.sluice.lake.AssetCheck.Severity.ERROR, false));
        checks.add(check(run.id(), a, "p7", "passed_warning", io.sluice.lake.AssetCheck.Severity.WARN, true));
        store.recordChecks(checks);

        assertThat(store.checksFailuresFirst(run.id(), 4)).extracting(c -> c.result().name())
                .containsExactly("blocked", "warned", "ok_0", "ok_1");
        assertThat(store.checksFailuresFirst(run.id(), 100)).hasSize(8);
        assertThat(store.checkCounts(run.id())).isEqualTo(new RunStore.CheckCounts(6, 1, 1));
        assertThat(store.checkCounts(UUID.randomUUID().toString()).total()).isZero();
    }

    private io.sluice.runs.RecordedCheck check(String runId, AssetKey asset, String partition, String name,
                                               io.sluice.lake.AssetCheck.Severity severity, boolean passed) {
        return new io.sluice.runs.RecordedCheck(runId, asset, partition, t0, new io.sluice.lake.CheckResult(name, severity, passed,
                passed ? "0" : "3", "0", passed ? List.of() : List.of(Map.of("id", 1)), passed ? "no violating rows" : "3 violating rows"));
    }

    @Test
    void runsOnTheExpectedBackend() {
        assertThat(active.backend()).isEqualTo(expectedBackend());
    }

    @Test
    void storesAndReadsBackARunWithItsSteps() {
        AssetKey a = uniqueAsset();
        AssetKey b = uniqueAsset();
        Run run = newRun(a, b);
        store.create(run);
        Run read = store.find(run.id()).orElseThrow();
        assertThat(read.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(read.assets()).containsExactly(a, b);
        assertThat(read.keys()).containsExactly("k1", "k2");
        assertThat(read.reason()).isEqualTo("because");
        assertThat(read.launchedBy()).isEqualTo("tester");
        assertThat(read.createdAt()).isEqualTo(t0);
        assertThat(read.steps()).extracting(RunStep::asset).containsExactly(a, b);
        assertThat(store.find("no-such-run")).isEmpty();
    }

    @Test
    void listsNewestFirstAndFiltersByStatusAndAsset() {
        AssetKey a = uniqueAsset();
        Run older = newRun(a);
        Run newer = new Run(UUID.randomUUID().toString(), RunStatus.QUEUED, MaterializationMode.FULL_REFRESH, List.of(a), List.of(), List.of(),
                "{}", null, "tester", t0.plusSeconds(5), null, null, 0, 0, 0, null, false, List.of(RunStep.queued(0, a)),
                RunKind.ROLLBACK, "run:abc", null);
        store.create(older);
        store.claim(older.id(), t0);
        store.finish(older.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        store.create(newer);
        RunQuery byAsset = new RunQuery(Optional.empty(), Optional.of(a), 10, 0);
        assertThat(store.list(byAsset)).extracting(Run::id).containsExactly(newer.id(), older.id());
        assertThat(store.find(newer.id()).orElseThrow().kind()).isEqualTo(RunKind.ROLLBACK);
        assertThat(store.find(newer.id()).orElseThrow().rollbackTo()).isEqualTo("run:abc");
        assertThat(store.find(older.id()).orElseThrow().kind()).isEqualTo(RunKind.MATERIALIZE);
        assertThat(store.list(new RunQuery(Optional.empty(), Optional.of(a), 1, 1))).extracting(Run::id).containsExactly(older.id());
        assertThat(store.claim(newer.id(), t0.plusSeconds(6))).isTrue();
        assertThat(store.list(new RunQuery(Optional.of(RunStatus.STARTED), Optional.of(a), 10, 0))).extracting(Run::id).containsExactly(newer.id());
        assertThat(store.list(new RunQuery(Optional.of(RunStatus.SUCCESS), Optional.of(a), 10, 0))).extracting(Run::id).containsExactly(older.id());
    }

    @Test
    void listsTheRunsOfABackfillAndCanLeaveOutItsQueuedOnes() {
        AssetKey a = uniqueAsset();
        String backfill = UUID.randomUUID().toString();
        Run single = newRun(a);
        Run done = new Run(UUID.randomUUID().toString(), RunStatus.QUEUED, MaterializationMode.INCREMENTAL, List.of(a), List.of(), List.of("p1"),
                "{}", null, "tester", t0.plusSeconds(1), null, null, 0, 0, 0, null, false, List.of(RunStep.queued(0, a)),
                RunKind.MATERIALIZE, null, backfill);
        Run queued = new Run(UUID.randomUUID().toString(), RunStatus.QUEUED, MaterializationMode.INCREMENTAL, List.of(a), List.of(), List.of("p2"),
                "{}", null, "tester", t0.plusSeconds(2), null, null, 0, 0, 0, null, false, List.of(RunStep.queued(0, a)),
                RunKind.MATERIALIZE, null, backfill);
        store.create(single);
        store.claim(single.id(), t0);
        store.finish(single.id(), RunStatus.SUCCESS, t0, 0, 0, 0, null);
        store.createAll(List.of(done, queued));
        store.claim(done.id(), t0.plusSeconds(3));
        store.finish(done.id(), RunStatus.SUCCESS, t0.plusSeconds(4), 0, 0, 0, null);
        RunQuery ofAsset = new RunQuery(Optional.empty(), Optional.of(a), 10, 0);
        assertThat(store.list(ofAsset)).extracting(Run::id).containsExactly(queued.id(), done.id(), single.id());
        assertThat(store.list(ofAsset.withoutQueuedBackfillRuns())).extracting(Run::id).containsExactly(done.id(), single.id());
        assertThat(store.list(new RunQuery(Optional.empty(), Optional.empty(), Optional.of(backfill), true, 10, 0))).extracting(Run::id)
                .containsExactly(queued.id(), done.id());
    }

    private List<String> queuedIds() {
        return store.nextQueued(10_000).stream().map(QueuedRun::id).toList();
    }

    @Test
    void aRunWaitsForItsDependenciesAndIsCanceledWithThemWhenOneFails() {
        AssetKey a = uniqueAsset();
        Run first = partitionedRun(a, "p1");
        Run second = partitionedRun(a, "p2");
        Run third = partitionedRun(a, "p3");
        store.createAll(List.of(first, second, third));
        store.addDependencies(Map.of(second.id(), List.of(first.id()), third.id(), List.of(first.id(), second.id())));
        assertThat(queuedIds()).contains(first.id()).doesNotContain(second.id(), third.id());

        store.claim(first.id(), t0);
        store.finish(first.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        assertThat(queuedIds()).contains(second.id()).doesNotContain(third.id());

        store.claim(second.id(), t0.plusSeconds(2));
        store.finish(second.id(), RunStatus.FAILURE, t0.plusSeconds(3), 0, 0, 0, "boom");
        assertThat(store.cancelDependents(second.id(), t0.plusSeconds(4), "upstream failed")).containsExactly(third.id());
        Run canceled = store.find(third.id()).orElseThrow();
        assertThat(canceled.status()).isEqualTo(RunStatus.CANCELED);
        assertThat(canceled.error()).isEqualTo("upstream failed");
        assertThat(canceled.steps()).extracting(RunStep::status).containsOnly(RunStatus.CANCELED);
        assertThat(store.activePartitions(a)).doesNotContain("p3");
        assertThat(store.cancelDependents(second.id(), t0.plusSeconds(5), "again")).as("already canceled").isEmpty();
    }

    @Test
    void theRunsThatWaitedForADeadRunWaitForItsRetry() {
        AssetKey a = uniqueAsset();
        Run dead = partitionedRun(a, "p1");
        Run waiting = partitionedRun(a, "p2");
        store.createAll(List.of(dead, waiting));
        store.addDependencies(Map.of(waiting.id(), List.of(dead.id())));
        store.claim(dead.id(), t0);
        store.finish(dead.id(), RunStatus.FAILURE, t0.plusSeconds(1), 0, 0, 0, "died");
        Run retry = partitionedRun(a, "p1");
        store.create(retry);
        store.moveDependencies(dead.id(), retry.id());
        assertThat(queuedIds()).contains(retry.id()).doesNotContain(waiting.id());
        store.claim(retry.id(), t0.plusSeconds(2));
        store.finish(retry.id(), RunStatus.SUCCESS, t0.plusSeconds(3), 0, 0, 0, null);
        assertThat(queuedIds()).contains(waiting.id());
    }

    private Run partitionedRun(AssetKey asset, String... partitions) {
        return new Run(UUID.randomUUID().toString(), RunStatus.QUEUED, MaterializationMode.FULL_REFRESH, List.of(asset), List.of(),
                List.of(partitions), "{}", null, "tester", t0, null, null, 0, 0, 0, null, false, List.of(RunStep.queued(0, asset)),
                RunKind.MATERIALIZE, null, null);
    }

    @Test
    void anAssetPartitionHasAtMostOneActiveRun() {
        AssetKey a = uniqueAsset();
        Run first = partitionedRun(a, "2024-01-01", "2024-01-02");
        store.create(first);
        assertThatThrownBy(() -> store.create(partitionedRun(a, "2024-01-02", "2024-01-03")))
                .isInstanceOf(PartitionBusy.class).hasMessageContaining("partition 2024-01-02").hasMessageContaining(first.id());
        assertThat(store.activePartitions(a)).containsExactlyInAnyOrder("2024-01-01", "2024-01-02");
        Run other = partitionedRun(a, "2024-01-03");
        store.create(other);
        assertThatThrownBy(() -> store.createAll(List.of(partitionedRun(a, "2024-02-01"), partitionedRun(a, "2024-02-01"))))
                .isInstanceOf(PartitionBusy.class).hasMessageContaining("twice");
        assertThat(store.activePartitions(a)).as("nothing of a refused launch is stored")
                .containsExactlyInAnyOrder("2024-01-01", "2024-01-02", "2024-01-03");

        store.claim(first.id(), t0);
        store.finish(first.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        store.cancel(other.id(), t0.plusSeconds(1));
        assertThat(store.activePartitions(a)).isEmpty();
        store.create(partitionedRun(a, "2024-01-02"));
    }

    @Test
    void theRunsOfAnAssetPartitionAreTheQueuedStartedAndWaitingOnesOnly() {
        AssetKey a = uniqueAsset();
        Run started = partitionedRun(a, "eu", "us");
        Run queued = partitionedRun(a, "apac");
        Run finished = partitionedRun(a, "latam");
        store.createAll(List.of(started, queued, finished));
        store.claim(started.id(), t0);
        store.claim(finished.id(), t0);
        store.finish(finished.id(), RunStatus.FAILURE, t0.plusSeconds(1), 0, 0, 0, "boom");
        Run waiting = partitionedRun(a, "us");
        store.createAll(List.of(waiting), true);
        assertThat(store.activeRunsByPartition(a)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "eu", java.util.Set.of(started.id()), "us", java.util.Set.of(started.id(), waiting.id()), "apac", java.util.Set.of(queued.id())));
        assertThat(store.activeRunsByPartition(uniqueAsset())).isEmpty();

        store.cancel(queued.id(), t0.plusSeconds(2));
        store.cancel(waiting.id(), t0.plusSeconds(2));
        store.finish(started.id(), RunStatus.SUCCESS, t0.plusSeconds(2), 0, 0, 0, null);
        assertThat(store.activeRunsByPartition(a)).as("finished runs hold no partition").isEmpty();
    }

    @Test
    void theQueueGivesQueuedRunsOldestFirstAndPartitionOutcomesAreKept() {
        AssetKey a = uniqueAsset();
        Run r1 = partitionedRun(a, "2024-01-01");
        Run r2 = partitionedRun(a, "2024-01-02");
        store.createAll(List.of(r1, r2));
        List<String> queued = store.nextQueued(10_000).stream().map(QueuedRun::id).toList();
        assertThat(queued).containsSubsequence(r1.id(), r2.id());
        store.claim(r1.id(), t0);
        assertThat(store.nextQueued(10_000)).extracting(QueuedRun::id).doesNotContain(r1.id()).contains(r2.id());
        assertThat(store.nextQueued(10_000).stream().filter(q -> q.id().equals(r2.id())).findFirst().orElseThrow().assets()).containsExactly(a);

        store.recordPartitionOutcome(a, List.of("2024-01-01", "2024-01-02"), "FAILED", r1.id(), t0);
        store.recordPartitionOutcome(a, List.of("2024-01-02"), "MATERIALIZED", r2.id(), t0.plusSeconds(1));
        assertThat(store.partitionOutcomes(a)).containsExactlyInAnyOrderEntriesOf(Map.of("2024-01-01", "FAILED", "2024-01-02", "MATERIALIZED"));
    }

    @Test
    void aRunIsClaimedExactlyOnceUnderContention() throws Exception {
        Run run = newRun(uniqueAsset());
        store.create(run);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Boolean>> claims = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                claims.add(() -> store.claim(run.id(), t0.plusSeconds(1)));
            }
            long winners = 0;
            for (Future<Boolean> f : pool.invokeAll(claims)) {
                winners += f.get() ? 1 : 0;
            }
            assertThat(winners).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(store.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.STARTED);
    }

    @Test
    void aGroupOfQueuedRunsIsClaimedInOneGoAndEachRunOnlyOnceUnderContention() throws Exception {
        AssetKey a = uniqueAsset();
        List<Run> runs = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            runs.add(partitionedRun(a, String.format("2024-01-%02d", i)));
        }
        store.createAll(runs);
        store.cancel(runs.get(3).id(), t0);
        List<String> ids = runs.stream().map(Run::id).toList();
        List<Run> first = store.claimAll(ids.subList(0, 6), t0.plusSeconds(1));
        assertThat(first).extracting(Run::id).as("in the given order, without the canceled run")
                .containsExactly(ids.get(0), ids.get(1), ids.get(2), ids.get(4), ids.get(5));
        assertThat(first).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(RunStatus.STARTED);
            assertThat(r.steps()).extracting(RunStep::asset).containsExactly(a);
            assertThat(r.partitions()).hasSize(1);
        });
        assertThat(store.find(ids.get(0)).orElseThrow().status()).isEqualTo(RunStatus.STARTED);
        assertThat(store.claimAll(ids.subList(0, 6), t0.plusSeconds(2))).as("claimed already").isEmpty();

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<List<Run>>> claims = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                claims.add(() -> store.claimAll(ids, t0.plusSeconds(3)));
            }
            List<String> claimed = new ArrayList<>();
            for (Future<List<Run>> f : pool.invokeAll(claims)) {
                f.get().forEach(r -> claimed.add(r.id()));
            }
            assertThat(claimed).as("each of the six still queued runs claimed once").hasSize(6).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(ids.subList(6, 12));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aGroupsRecordsAreStoredTogetherAndEndTheirRuns() {
        AssetKey a = uniqueAsset();
        Run ok = partitionedRun(a, "2024-03-01");
        Run failed = partitionedRun(a, "2024-03-02");
        store.createAll(List.of(ok, failed));
        store.claimAll(List.of(ok.id(), failed.id()), t0);
        RunRecords records = new RunRecords();
        records.step(ok.id(), new RunStep(0, a, RunStatus.STARTED, t0, null, 0, 0, 0, null));
        records.step(ok.id(), new RunStep(0, a, RunStatus.SUCCESS, t0, t0.plusSeconds(1), 0, 1, 7, null));
        records.step(failed.id(), new RunStep(0, a, RunStatus.FAILURE, t0, t0.plusSeconds(1), 0, 0, 0, "boom"));
        records.log(new RunRecords.LogRecord(ok.id(), t0, "INFO", null, "started"));
        records.log(new RunRecords.LogRecord(ok.id(), t0.plusSeconds(1), "INFO", a, "materialized partition 2024-03-01"));
        records.materialized(new Materialization(ok.id(), a, "2024-03-01", t0.plusSeconds(1), 7, 0, 1, 3, "{\"rows\":7}"));
        records.partitions(a, List.of("2024-03-01"), io.sluice.runs.PartitionState.MATERIALIZED, ok.id(), t0.plusSeconds(1));
        records.partitions(a, List.of("2024-03-02"), io.sluice.runs.PartitionState.FAILED, failed.id(), t0.plusSeconds(1));
        records.ended(ok, new RunRecords.RunEnd(ok.id(), RunStatus.SUCCESS, t0.plusSeconds(2), 0, 1, 7, null),
                AuditEvent.of(t0.plusSeconds(2), "sluice", AuditAction.RUN_FINISHED, ok.id(), a.toString(), null, Map.of("status", "SUCCESS")));
        records.ended(failed, new RunRecords.RunEnd(failed.id(), RunStatus.FAILURE, t0.plusSeconds(2), 0, 0, 0, "a: boom"),
                AuditEvent.of(t0.plusSeconds(2), "sluice", AuditAction.RUN_FINISHED, failed.id(), a.toString(), null, Map.of("status", "FAILURE")));
        store.record(records);
        audit.recordAll(records.audits());

        Run read = store.find(ok.id()).orElseThrow();
        assertThat(read.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(read.endedAt()).isEqualTo(t0.plusSeconds(2));
        assertThat(read.rowsWritten()).isEqualTo(7);
        assertThat(read.steps().get(0).status()).as("the latest state of the step").isEqualTo(RunStatus.SUCCESS);
        assertThat(read.steps().get(0).startedAt()).isEqualTo(t0);
        assertThat(store.find(failed.id()).orElseThrow().error()).isEqualTo("a: boom");
        assertThat(store.logs(ok.id(), 0, 10)).extracting(LogLine::message).containsExactly("started", "materialized partition 2024-03-01");
        assertThat(store.materializations(ok.id())).singleElement().satisfies(m -> assertThat(m.partition()).isEqualTo("2024-03-01"));
        assertThat(store.partitionOutcomes(a)).containsExactlyInAnyOrderEntriesOf(Map.of("2024-03-01", "MATERIALIZED", "2024-03-02", "FAILED"));
        assertThat(store.activePartitions(a)).as("ended runs release their partitions").isEmpty();
        assertThat(audit.forRun(failed.id())).singleElement().satisfies(e -> assertThat(e.detail()).containsEntry("status", "FAILURE"));

        Run again = partitionedRun(a, "2024-03-01");
        store.create(again);
        store.claimAll(List.of(again.id()), t0.plusSeconds(3));
        RunRecords rerun = new RunRecords();
        rerun.partitions(a, List.of("2024-03-01"), io.sluice.runs.PartitionState.FAILED, again.id(), t0.plusSeconds(4));
        store.record(rerun);
        assertThat(store.partitionOutcomes(a)).as("an outcome is replaced, not added").containsEntry("2024-03-01", "FAILED").hasSize(2);
    }

    @Test
    void aBusyPartitionIsRefusedOrQueuedBehindItsRunsInOrder() {
        AssetKey a = uniqueAsset();
        Run first = partitionedRun(a, "2024-04-01");
        Run second = partitionedRun(a, "2024-04-01", "2024-04-02");
        Run third = partitionedRun(a, "2024-04-02");
        store.create(first);
        store.createAll(List.of(second), true);
        assertThat(store.logs(second.id(), 0, 10)).extracting(LogLine::message).singleElement().asString().contains("queued behind run " + first.id());
        assertThatThrownBy(() -> store.createAll(List.of(partitionedRun(a, "2024-04-02")), false))
                .as("a partition a run waits for is busy too").isInstanceOf(PartitionBusy.class);
        store.createAll(List.of(third), true);
        assertThat(store.nextQueued(10_000)).extracting(QueuedRun::id).contains(first.id()).doesNotContain(second.id(), third.id());
        assertThat(store.promoteWaiting()).as("nothing is free yet").isZero();

        store.claimAll(List.of(first.id()), t0);
        store.finish(first.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        assertThat(store.promoteWaiting()).as("the second, not the third which came later for 2024-04-02").isEqualTo(1);
        assertThat(store.nextQueued(10_000)).extracting(QueuedRun::id).contains(second.id()).doesNotContain(third.id());
        assertThat(store.activePartitions(a)).containsExactlyInAnyOrder("2024-04-01", "2024-04-02");

        store.claimAll(List.of(second.id()), t0.plusSeconds(2));
        store.finish(second.id(), RunStatus.SUCCESS, t0.plusSeconds(3), 0, 0, 0, null);
        assertThat(store.promoteWaiting()).isEqualTo(1);
        assertThat(store.nextQueued(10_000)).extracting(QueuedRun::id).contains(third.id());
        assertThat(store.cancel(third.id(), t0.plusSeconds(4))).isEqualTo(RunStore.CancelOutcome.CANCELED);
        assertThat(store.activePartitions(a)).isEmpty();
    }

    @Test
    void cancelEndsAQueuedRunButOnlyFlagsAStartedOne() {
        Run queued = newRun(uniqueAsset());
        Run started = newRun(uniqueAsset());
        store.create(queued);
        store.create(started);
        store.claim(started.id(), t0);

        assertThat(store.cancel(queued.id(), t0.plusSeconds(1))).isEqualTo(RunStore.CancelOutcome.CANCELED);
        Run canceled = store.find(queued.id()).orElseThrow();
        assertThat(canceled.status()).isEqualTo(RunStatus.CANCELED);
        assertThat(canceled.steps()).extracting(RunStep::status).containsOnly(RunStatus.CANCELED);
        assertThat(store.claim(queued.id(), t0.plusSeconds(2))).isFalse();

        assertThat(store.cancel(started.id(), t0.plusSeconds(1))).isEqualTo(RunStore.CancelOutcome.REQUESTED);
        assertThat(store.find(started.id()).orElseThrow().status()).isEqualTo(RunStatus.STARTED);
        assertThat(store.isCancelRequested(started.id())).isTrue();
        assertThat(store.cancel(started.id(), t0.plusSeconds(2))).as("asked already").isEqualTo(RunStore.CancelOutcome.UNCHANGED);
        assertThat(store.cancel(queued.id(), t0.plusSeconds(2))).as("ended already").isEqualTo(RunStore.CancelOutcome.UNCHANGED);
    }

    @Test
    void finishingRecordsTotalsAndStepOutcomes() {
        AssetKey a = uniqueAsset();
        Run run = newRun(a);
        store.create(run);
        store.claim(run.id(), t0);
        store.updateStep(run.id(), new RunStep(0, a, RunStatus.FAILURE, t0, t0.plusSeconds(2), 5, 2, 40, "boom\n\tat x"));
        store.finish(run.id(), RunStatus.FAILURE, t0.plusSeconds(3), 5, 2, 40, "a: boom");
        Run read = store.find(run.id()).orElseThrow();
        assertThat(read.status()).isEqualTo(RunStatus.FAILURE);
        assertThat(read.endedAt()).isEqualTo(t0.plusSeconds(3));
        assertThat(read.rowsWritten()).isEqualTo(40);
        assertThat(read.steps().get(0).error()).contains("boom");
        assertThat(store.lastStepByAsset(List.of(a)).get(a).runId()).isEqualTo(run.id());
        assertThat(store.lastStepByAsset(List.of(a)).get(a).step().status()).isEqualTo(RunStatus.FAILURE);
    }

    @Test
    void logsAreKeptPerRunInOrderAndPageable() {
        Run run = newRun(uniqueAsset());
        Run other = newRun(uniqueAsset());
        store.create(run);
        store.create(other);
        for (int i = 0; i < 5; i++) {
            store.appendLog(run.id(), t0.plusMillis(i), "INFO", run.assets().get(0), "line " + i);
        }
        store.appendLog(other.id(), t0, "WARN", null, "not mine");
        List<LogLine> all = store.logs(run.id(), 0, 100);
        assertThat(all).extracting(LogLine::message).containsExactly("line 0", "line 1", "line 2", "line 3", "line 4");
        assertThat(store.logs(run.id(), all.get(1).id(), 2)).extracting(LogLine::message).containsExactly("line 2", "line 3");
    }

    @Test
    void materializationsAndWatermarksPerAssetAndPartition() {
        AssetKey a = uniqueAsset();
        Run run = newRun(a);
        store.create(run);
        store.recordMaterialization(new Materialization(run.id(), a, null, t0, 10, 3, 1, 12, "{\"table\":\"t\"}"));
        store.recordMaterialization(new Materialization(run.id(), a, "2024-01-02", t0.plusSeconds(1), 7, 0, 1, 5, "{}"));
        assertThat(store.lastMaterialization(a).orElseThrow().partition()).isEqualTo("2024-01-02");
        assertThat(store.materializations(run.id())).extracting(Materialization::rowsWritten).containsExactly(10L, 7L);

        assertThat(store.watermark(a, null)).isEmpty();
        store.saveWatermark(a, null, "2024-05-01", run.id(), t0);
        store.saveWatermark(a, "2024-01-02", "p1", run.id(), t0);
        store.saveWatermark(a, null, "2024-06-01", run.id(), t0.plusSeconds(1));
        assertThat(store.watermark(a, null)).contains("2024-06-01");
        assertThat(store.watermark(a, "2024-01-02")).contains("p1");
    }

    @Test
    void auditEventsAreAppendedAndReadBackPerRun() {
        Run run = newRun(uniqueAsset());
        store.create(run);
        audit.record(AuditEvent.of(t0, "alice", AuditAction.RUN_LAUNCHED, run.id(), "a/b", "why", Map.of("mode", "FULL_REFRESH")));
        audit.record(AuditEvent.of(t0.plusSeconds(1), "bob", AuditAction.RUN_CANCEL_REQUESTED, run.id(), "a/b", null, Map.of()));
        List<AuditEvent> events = audit.forRun(run.id());
        assertThat(events).extracting(AuditEvent::action).containsExactly(AuditAction.RUN_LAUNCHED, AuditAction.RUN_CANCEL_REQUESTED);
        assertThat(events.get(0).actor()).isEqualTo("alice");
        assertThat(events.get(0).detail()).containsEntry("mode", "FULL_REFRESH");
    }
}
