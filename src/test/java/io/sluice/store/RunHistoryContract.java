package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetRun;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunListing;
import io.sluice.runs.RunPageQuery;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import java.time.Instant;
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
        RunQuery byAsset = new RunQuery(Optional.empty(), Optional.of(a), 10);
        assertThat(history.list(byAsset)).extracting(Run::id).containsExactly(newer.id(), older.id());
        assertThat(history.find(newer.id()).orElseThrow().kind()).isEqualTo(RunKind.ROLLBACK);
        assertThat(history.find(newer.id()).orElseThrow().rollbackTo()).isEqualTo("run:abc");
        assertThat(history.find(older.id()).orElseThrow().kind()).isEqualTo(RunKind.MATERIALIZE);
        assertThat(history.list(new RunQuery(Optional.empty(), Optional.of(a), 1)))
                .extracting(Run::id)
                .containsExactly(newer.id());
        assertThat(queue.claim(newer.id(), t0.plusSeconds(6))).isTrue();
        assertThat(history.list(new RunQuery(Optional.of(RunStatus.STARTED), Optional.of(a), 10)))
                .extracting(Run::id)
                .containsExactly(newer.id());
        assertThat(history.list(new RunQuery(Optional.of(RunStatus.SUCCESS), Optional.of(a), 10)))
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
        RunQuery ofAsset = new RunQuery(Optional.empty(), Optional.of(a), 10);
        assertThat(history.list(ofAsset)).extracting(Run::id).containsExactly(queued.id(), done.id(), single.id());
        assertThat(history.list(ofAsset.withoutQueuedGroupRuns()))
                .extracting(Run::id)
                .containsExactly(done.id(), single.id());
        assertThat(history.list(new RunQuery(Optional.empty(), Optional.empty(), Optional.of(backfill), true, 10)))
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
        assertThat(history.list(new RunQuery(Optional.empty(), Optional.empty(), Optional.of(group), true, 10)))
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

    @Test
    void pagesThroughRunsByKeysetBothWaysWithTiesOnTheInstant() {
        AssetKey a = uniqueAsset();
        List<Run> made = new java.util.ArrayList<>();
        String prefix = UUID.randomUUID().toString().substring(0, 24);
        for (int i = 0; i < 7; i++) {
            // runs 2 and 3 share an instant: the id orders them
            Instant at = t0.plusSeconds(i == 3 ? 2 : i);
            made.add(pageRun(
                    a,
                    at,
                    prefix + String.format("%012d", i),
                    MaterializationMode.INCREMENTAL,
                    "tester",
                    null,
                    Map.of()));
        }
        queue.createAll(made);
        List<String> newestFirst =
                new java.util.ArrayList<>(made.stream().map(Run::id).toList());
        java.util.Collections.reverse(newestFirst);
        RunPageQuery first = RunPageQuery.newest(3).withAsset(a);

        RunListing p1 = history.page(first);
        assertThat(p1.runs()).extracting(Run::id).containsExactlyElementsOf(newestFirst.subList(0, 3));
        assertThat(p1.newer()).isEmpty();
        RunListing p2 = history.page(first.at(p1.older().orElseThrow(), RunPageQuery.Direction.OLDER));
        assertThat(p2.runs()).extracting(Run::id).containsExactlyElementsOf(newestFirst.subList(3, 6));
        RunListing p3 = history.page(first.at(p2.older().orElseThrow(), RunPageQuery.Direction.OLDER));
        assertThat(p3.runs()).extracting(Run::id).containsExactly(newestFirst.get(6));
        assertThat(p3.older()).isEmpty();
        assertThat(p3.newer()).isPresent();

        RunListing back = history.page(first.at(p3.newer().orElseThrow(), RunPageQuery.Direction.NEWER));
        assertThat(back.runs()).extracting(Run::id).containsExactlyElementsOf(newestFirst.subList(3, 6));
        assertThat(back.older()).isPresent();
        RunListing top = history.page(first.at(back.newer().orElseThrow(), RunPageQuery.Direction.NEWER));
        assertThat(top.runs()).extracting(Run::id).containsExactlyElementsOf(newestFirst.subList(0, 3));
        assertThat(top.newer()).isEmpty();
        assertThat(top.older().orElseThrow().id()).isEqualTo(newestFirst.get(2));
    }

    @Test
    void filtersAPageByStatusModeLauncherGroupTagAndTime() {
        AssetKey a = uniqueAsset();
        String user = "user-" + UUID.randomUUID();
        String group = UUID.randomUUID().toString();
        Run manual =
                pageRun(a, t0, UUID.randomUUID().toString(), MaterializationMode.FULL_REFRESH, user, null, Map.of());
        Run scheduled = pageRun(
                a,
                t0.plusSeconds(10),
                UUID.randomUUID().toString(),
                MaterializationMode.INCREMENTAL,
                "schedule:daily",
                null,
                Map.of("sluice/schedule", "daily_100%_sure", "sluice/tick", "x"));
        Run likeIt = pageRun(
                a,
                t0.plusSeconds(15),
                UUID.randomUUID().toString(),
                MaterializationMode.INCREMENTAL,
                "schedule:daily",
                null,
                Map.of("sluice/schedule", "daily_100x_sure"));
        Run backfilled = pageRun(
                a,
                t0.plusSeconds(20),
                UUID.randomUUID().toString(),
                MaterializationMode.INCREMENTAL,
                "tester",
                group,
                Map.of("sluice/backfill", group));
        queue.createAll(List.of(manual, scheduled, likeIt, backfilled));
        queue.claim(manual.id(), t0.plusSeconds(30));
        queue.finish(manual.id(), RunStatus.FAILURE, t0.plusSeconds(31), 0, 0, 0, "boom");
        RunPageQuery ofA = RunPageQuery.newest(10).withAsset(a);

        assertThat(history.page(ofA).runs()).hasSize(4);
        assertThat(history.page(ofA.withStatus(RunStatus.FAILURE)).runs())
                .extracting(Run::id)
                .containsExactly(manual.id());
        assertThat(history.page(ofA.withMode(MaterializationMode.FULL_REFRESH)).runs())
                .extracting(Run::id)
                .containsExactly(manual.id());
        assertThat(history.page(RunPageQuery.newest(10).withLaunchedBy(user)).runs())
                .extracting(Run::id)
                .containsExactly(manual.id());
        assertThat(history.page(RunPageQuery.newest(10).withGroup(group)).runs())
                .extracting(Run::id)
                .containsExactly(backfilled.id());
        assertThat(history.page(ofA.withTag("sluice/schedule", Optional.empty()))
                        .runs())
                .extracting(Run::id)
                .containsExactly(likeIt.id(), scheduled.id());
        // % and _ in a value are only characters, not LIKE wildcards
        assertThat(history.page(ofA.withTag("sluice/schedule", Optional.of("daily_100%_sure")))
                        .runs())
                .extracting(Run::id)
                .containsExactly(scheduled.id());
        assertThat(history.page(ofA.withTag("sluice/backfill", Optional.of(group)))
                        .runs())
                .extracting(Run::id)
                .containsExactly(backfilled.id());
        assertThat(history.page(ofA.withTag("sluice/sensor", Optional.empty())).runs())
                .isEmpty();
        assertThat(history.page(ofA.createdBetween(Optional.of(t0.plusSeconds(10)), Optional.of(t0.plusSeconds(20))))
                        .runs())
                .extracting(Run::id)
                .containsExactly(likeIt.id(), scheduled.id());
    }

    @Test
    void theLastStepOfEachAssetIsItsNewestRunsByCreationThenSeqThenId() {
        AssetKey byTime = uniqueAsset();
        AssetKey bySeq = uniqueAsset();
        AssetKey byId = uniqueAsset();
        AssetKey never = uniqueAsset();
        String prefix = UUID.randomUUID().toString().substring(0, 24);
        // byTime: the later run has the smaller id
        Run older = run(byTime, t0, prefix + "000000000002");
        Run newer = run(byTime, t0.plusSeconds(5), prefix + "000000000001");
        queue.create(older);
        queue.create(newer);
        queue.claim(newer.id(), t0.plusSeconds(5));
        queue.updateStep(
                newer.id(),
                new RunStep(0, byTime, RunStatus.FAILURE, t0.plusSeconds(5), t0.plusSeconds(6), 3, 1, 7, "boom"));
        // bySeq: one batch at one instant, seq 0 then 1: the second is the newer though its id is smaller
        Run first = run(bySeq, t0.plusSeconds(10), prefix + "000000000009");
        Run second = run(bySeq, t0.plusSeconds(10), prefix + "000000000003");
        queue.createAll(List.of(first, second));
        // byId: two launches at one instant, each seq 0: the larger id is the newer
        Run small = run(byId, t0.plusSeconds(20), prefix + "000000000004");
        Run large = run(byId, t0.plusSeconds(20), prefix + "000000000005");
        queue.create(large);
        queue.create(small);

        Map<AssetKey, AssetRun> last = history.lastStepByAsset(List.of(never, byId, bySeq, byTime));

        assertThat(last).containsOnlyKeys(byTime, bySeq, byId);
        assertThat(last.get(byTime).runId()).isEqualTo(newer.id());
        assertThat(last.get(byTime).step())
                .isEqualTo(new RunStep(
                        0, byTime, RunStatus.FAILURE, t0.plusSeconds(5), t0.plusSeconds(6), 3, 1, 7, "boom"));
        assertThat(last.get(bySeq).runId()).isEqualTo(second.id());
        assertThat(last.get(byId).runId()).isEqualTo(large.id());
        assertThat(last.get(byId).step().status()).isEqualTo(RunStatus.QUEUED);
        assertThat(history.lastStepByAsset(List.of(never))).isEmpty();
        assertThat(history.lastStepByAsset(List.of())).isEmpty();
    }

    private Run run(AssetKey asset, Instant createdAt, String id) {
        return pageRun(asset, createdAt, id, MaterializationMode.INCREMENTAL, "tester", null, Map.of());
    }

    private Run pageRun(
            AssetKey asset,
            Instant createdAt,
            String id,
            MaterializationMode mode,
            String launchedBy,
            String group,
            Map<String, String> tags) {
        return new Run(
                id,
                RunStatus.QUEUED,
                mode,
                List.of(asset),
                List.of(),
                List.of("p-" + id), // a partition of its own: the runs of one asset are queued together
                "{}",
                null,
                launchedBy,
                createdAt,
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
