package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.LogLine;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionState;
import io.sluice.runs.Run;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The contract of claiming runs from the run queue ({@link RunQueue}): one claimant wins under contention, a group is
 * claimed in one go, and a group's records are stored together and end its runs. Run by a subclass per backend.
 */
public abstract class RunClaimContract extends StorePortContract {

    @Test
    void aRunIsClaimedExactlyOnceUnderContention() throws Exception {
        Run run = newRun(uniqueAsset());
        queue.create(run);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Boolean>> claims = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                claims.add(() -> queue.claim(run.id(), t0.plusSeconds(1)));
            }
            long winners = 0;
            for (Future<Boolean> f : pool.invokeAll(claims)) {
                winners += f.get() ? 1 : 0;
            }
            assertThat(winners).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(history.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.STARTED);
    }

    @Test
    void aGroupOfQueuedRunsIsClaimedInOneGoAndEachRunOnlyOnceUnderContention() throws Exception {
        AssetKey a = uniqueAsset();
        List<Run> runs = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            runs.add(partitionedRun(a, String.format("2024-01-%02d", i)));
        }
        queue.createAll(runs);
        queue.cancel(runs.get(3).id(), t0);
        List<String> ids = runs.stream().map(Run::id).toList();
        List<Run> first = queue.claimAll(ids.subList(0, 6), t0.plusSeconds(1));
        assertThat(first)
                .extracting(Run::id)
                .as("in the given order, without the canceled run")
                .containsExactly(ids.get(0), ids.get(1), ids.get(2), ids.get(4), ids.get(5));
        assertThat(first).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(RunStatus.STARTED);
            assertThat(r.steps()).extracting(RunStep::asset).containsExactly(a);
            assertThat(r.partitions()).hasSize(1);
        });
        assertThat(history.find(ids.get(0)).orElseThrow().status()).isEqualTo(RunStatus.STARTED);
        assertThat(queue.claimAll(ids.subList(0, 6), t0.plusSeconds(2)))
                .as("claimed already")
                .isEmpty();

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<List<Run>>> claims = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                claims.add(() -> queue.claimAll(ids, t0.plusSeconds(3)));
            }
            List<String> claimed = new ArrayList<>();
            for (Future<List<Run>> f : pool.invokeAll(claims)) {
                f.get().forEach(r -> claimed.add(r.id()));
            }
            assertThat(claimed)
                    .as("each of the six still queued runs claimed once")
                    .hasSize(6)
                    .doesNotHaveDuplicates()
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
        queue.createAll(List.of(ok, failed));
        queue.claimAll(List.of(ok.id(), failed.id()), t0);
        RunRecords records = new RunRecords();
        records.step(ok.id(), new RunStep(0, a, RunStatus.STARTED, t0, null, 0, 0, 0, null));
        records.step(ok.id(), new RunStep(0, a, RunStatus.SUCCESS, t0, t0.plusSeconds(1), 0, 1, 7, null));
        records.step(failed.id(), new RunStep(0, a, RunStatus.FAILURE, t0, t0.plusSeconds(1), 0, 0, 0, "boom"));
        records.log(new RunRecords.LogRecord(ok.id(), t0, "INFO", null, "started"));
        records.log(
                new RunRecords.LogRecord(ok.id(), t0.plusSeconds(1), "INFO", a, "materialized partition 2024-03-01"));
        records.materialized(
                new Materialization(ok.id(), a, "2024-03-01", t0.plusSeconds(1), 7, 0, 1, 3, "{\"rows\":7}"));
        records.partitions(a, List.of("2024-03-01"), PartitionState.MATERIALIZED, ok.id(), t0.plusSeconds(1));
        records.partitions(a, List.of("2024-03-02"), PartitionState.FAILED, failed.id(), t0.plusSeconds(1));
        records.ended(
                ok,
                new RunRecords.RunEnd(ok.id(), RunStatus.SUCCESS, t0.plusSeconds(2), 0, 1, 7, null),
                AuditEvent.of(
                        t0.plusSeconds(2),
                        "sluice",
                        AuditAction.RUN_FINISHED,
                        ok.id(),
                        a.toString(),
                        null,
                        Map.of("status", "SUCCESS")));
        records.ended(
                failed,
                new RunRecords.RunEnd(failed.id(), RunStatus.FAILURE, t0.plusSeconds(2), 0, 0, 0, "a: boom"),
                AuditEvent.of(
                        t0.plusSeconds(2),
                        "sluice",
                        AuditAction.RUN_FINISHED,
                        failed.id(),
                        a.toString(),
                        null,
                        Map.of("status", "FAILURE")));
        queue.record(records);
        audit.recordAll(records.audits());

        Run read = history.find(ok.id()).orElseThrow();
        assertThat(read.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(read.endedAt()).isEqualTo(t0.plusSeconds(2));
        assertThat(read.rowsWritten()).isEqualTo(7);
        assertThat(read.steps().get(0).status())
                .as("the latest state of the step")
                .isEqualTo(RunStatus.SUCCESS);
        assertThat(read.steps().get(0).startedAt()).isEqualTo(t0);
        assertThat(history.find(failed.id()).orElseThrow().error()).isEqualTo("a: boom");
        assertThat(events.logs(ok.id(), 0, 10))
                .extracting(LogLine::message)
                .containsExactly("started", "materialized partition 2024-03-01");
        assertThat(events.materializations(ok.id()))
                .singleElement()
                .satisfies(m -> assertThat(m.partition()).isEqualTo("2024-03-01"));
        assertThat(assets.partitionOutcomes(a))
                .containsExactlyInAnyOrderEntriesOf(Map.of("2024-03-01", "MATERIALIZED", "2024-03-02", "FAILED"));
        assertThat(assets.activePartitions(a))
                .as("ended runs release their partitions")
                .isEmpty();
        assertThat(audit.forRun(failed.id()))
                .singleElement()
                .satisfies(e -> assertThat(e.detail()).containsEntry("status", "FAILURE"));

        Run again = partitionedRun(a, "2024-03-01");
        queue.create(again);
        queue.claimAll(List.of(again.id()), t0.plusSeconds(3));
        RunRecords rerun = new RunRecords();
        rerun.partitions(a, List.of("2024-03-01"), PartitionState.FAILED, again.id(), t0.plusSeconds(4));
        queue.record(rerun);
        assertThat(assets.partitionOutcomes(a))
                .as("an outcome is replaced, not added")
                .containsEntry("2024-03-01", "FAILED")
                .hasSize(2);
    }
}
