package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The contract of run history ({@link RunHistory}): one run, filtered lists, and what a group's runs came to. Run by a subclass per backend. */
public abstract class RunHistoryContract extends StorePortContract {

    @Test
    void storesAndReadsBackARunWithItsSteps() {
        AssetKey a = uniqueAsset();
        AssetKey b = uniqueAsset();
        Run run = newRun(a, b);
        queue.create(run);
        Run read = history.find(run.id()).orElseThrow();
        assertThat(read.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(read.assets()).containsExactly(a, b);
        assertThat(read.keys()).containsExactly("k1", "k2");
        assertThat(read.reason()).isEqualTo("because");
        assertThat(read.launchedBy()).isEqualTo("tester");
        assertThat(read.createdAt()).isEqualTo(t0);
        assertThat(read.steps()).extracting(RunStep::asset).containsExactly(a, b);
        assertThat(history.find("no-such-run")).isEmpty();
    }

    @Test
    void listsNewestFirstAndFiltersByStatusAndAsset() {
        AssetKey a = uniqueAsset();
        Run older = newRun(a);
        Run newer = new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.FULL_REFRESH,
                List.of(a),
                List.of(),
                List.of(),
                "{}",
                null,
                "tester",
                t0.plusSeconds(5),
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                List.of(RunStep.queued(0, a)),
                RunKind.ROLLBACK,
                "run:abc",
                null,
                Map.of());
        queue.create(older);
        queue.claim(older.id(), t0);
        queue.finish(older.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        queue.create(newer);
        RunQuery byAsset = new RunQuery(Optional.empty(), Optional.of(a), 10, 0);
        assertThat(history.list(byAsset)).extracting(Run::id).containsExactly(newer.id(), older.id());
        assertThat(history.find(newer.id()).orElseThrow().kind()).isEqualTo(RunKind.ROLLBACK);
        assertThat(history.find(newer.id()).orElseThrow().rollbackTo()).isEqualTo("run:abc");
        assertThat(history.find(older.id()).orElseThrow().kind()).isEqualTo(RunKind.MATERIALIZE);
        assertThat(history.list(new RunQuery(Optional.empty(), Optional.of(a), 1, 1)))
                .extracting(Run::id)
                .containsExactly(older.id());
        assertThat(queue.claim(newer.id(), t0.plusSeconds(6))).isTrue();
        assertThat(history.list(new RunQuery(Optional.of(RunStatus.STARTED), Optional.of(a), 10, 0)))
                .extracting(Run::id)
                .containsExactly(newer.id());
        assertThat(history.list(new RunQuery(Optional.of(RunStatus.SUCCESS), Optional.of(a), 10, 0)))
                .extracting(Run::id)
                .containsExactly(older.id());
    }

    @Test
    void listsTheRunsOfABackfillAndCanLeaveOutItsQueuedOnes() {
        AssetKey a = uniqueAsset();
        String backfill = UUID.randomUUID().toString();
        Run single = newRun(a);
        Run done = new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.INCREMENTAL,
                List.of(a),
                List.of(),
                List.of("p1"),
                "{}",
                null,
                "tester",
                t0.plusSeconds(1),
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                List.of(RunStep.queued(0, a)),
                RunKind.MATERIALIZE,
                null,
                backfill,
                Map.of());
        Run queued = new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.INCREMENTAL,
                List.of(a),
                List.of(),
                List.of("p2"),
                "{}",
                null,
                "tester",
                t0.plusSeconds(2),
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                List.of(RunStep.queued(0, a)),
                RunKind.MATERIALIZE,
                null,
                backfill,
                Map.of());
        queue.create(single);
        queue.claim(single.id(), t0);
        queue.finish(single.id(), RunStatus.SUCCESS, t0, 0, 0, 0, null);
        queue.createAll(List.of(done, queued));
        queue.claim(done.id(), t0.plusSeconds(3));
        queue.finish(done.id(), RunStatus.SUCCESS, t0.plusSeconds(4), 0, 0, 0, null);
        RunQuery ofAsset = new RunQuery(Optional.empty(), Optional.of(a), 10, 0);
        assertThat(history.list(ofAsset)).extracting(Run::id).containsExactly(queued.id(), done.id(), single.id());
        assertThat(history.list(ofAsset.withoutQueuedGroupRuns()))
                .extracting(Run::id)
                .containsExactly(done.id(), single.id());
        assertThat(history.list(new RunQuery(Optional.empty(), Optional.empty(), Optional.of(backfill), true, 10, 0)))
                .extracting(Run::id)
                .containsExactly(queued.id(), done.id());
    }

    @Test
    void aRunsGroupAndTagsAreStoredAndReadBackAndItsGroupCounted() {
        AssetKey a = uniqueAsset();
        String group = UUID.randomUUID().toString();
        Map<String, String> tags = Map.of("sluice/backfill", group, "origin", "contract");
        Run ok = groupRun(a, group, tags, "p1");
        Run failed = groupRun(a, group, tags, "p2");
        Run queued = groupRun(a, group, tags, "p3");
        queue.createAll(List.of(ok, failed, queued));
        assertThat(history.find(ok.id()).orElseThrow().group()).isEqualTo(group);
        assertThat(history.find(ok.id()).orElseThrow().tags()).containsExactlyInAnyOrderEntriesOf(tags);
        assertThat(queue.claimAll(List.of(ok.id(), failed.id()), t0)).allSatisfy(r -> {
            assertThat(r.group()).isEqualTo(group);
            assertThat(r.tags()).containsExactlyInAnyOrderEntriesOf(tags);
        });
        queue.finish(ok.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 0, 0, 0, null);
        queue.finish(failed.id(), RunStatus.FAILURE, t0.plusSeconds(1), 0, 0, 0, "boom");
        assertThat(history.list(new RunQuery(Optional.empty(), Optional.empty(), Optional.of(group), true, 10, 0)))
                .extracting(Run::tags)
                .containsOnly(tags);
        assertThat(history.countByStatus(group))
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(RunStatus.SUCCESS, 1L, RunStatus.FAILURE, 1L, RunStatus.QUEUED, 1L));
        assertThat(history.partitionsOfGroup(group, EnumSet.of(RunStatus.SUCCESS, RunStatus.FAILURE)))
                .containsExactlyInAnyOrder("p1", "p2");
        assertThat(queue.hasActiveRuns(group)).isTrue();
        assertThat(queue.cancelGroup(group, t0.plusSeconds(2))).isEqualTo(1);
        assertThat(queue.hasActiveRuns(group)).isFalse();
        Run single = newRun(uniqueAsset());
        queue.create(single);
        assertThat(history.find(single.id()).orElseThrow().group()).isNull();
        assertThat(history.find(single.id()).orElseThrow().tags()).isEmpty();
    }

    private Run groupRun(AssetKey asset, String group, Map<String, String> tags, String partition) {
        return new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.INCREMENTAL,
                List.of(asset),
                List.of(),
                List.of(partition),
                "{}",
                null,
                "tester",
                t0,
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
                tags);
    }
}
