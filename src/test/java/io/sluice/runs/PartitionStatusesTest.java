package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Partition status from stored outcomes: ranges in partition order, STALE against a same-partitioned upstream. */
class PartitionStatusesTest {

    record Daily(AssetSpec<AssetSpec.NoConfig> spec) implements Asset<AssetSpec.NoConfig> {
        Daily(String key, String... deps) {
            this(AssetSpec.builder(key)
                    .deps(deps)
                    .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                    .build());
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(0);
        }
    }

    static final AssetKey UP = AssetKey.parse("t/up");
    static final AssetKey DOWN = AssetKey.parse("t/down");
    static final Instant T = Instant.parse("2024-01-11T00:00:00Z");

    final Stored store = new Stored();
    final PartitionStatuses statuses = new PartitionStatuses(
            AssetCatalog.of(List.of(new Daily("t/up"), new Daily("t/down", "t/up"))), store, InstantSource.fixed(T));

    @Test
    void rangesFollowThePartitionsAndAnUpstreamMaterializedLaterMakesAPartitionStale() {
        store.outcome(DOWN, "2024-01-05", "MATERIALIZED", T.plusSeconds(10));
        store.outcome(DOWN, "2024-01-01", "MATERIALIZED", T.plusSeconds(10));
        store.outcome(DOWN, "2024-01-02", "MATERIALIZED", T.plusSeconds(10));
        store.outcome(DOWN, "2024-01-03", "FAILED", T.plusSeconds(10));
        store.outcome(DOWN, "2024-01-04", "MISSING", T.plusSeconds(10)); // a rollback emptied it
        store.outcome(DOWN, "2024-01-07", "MATERIALIZED", T.plusSeconds(10));
        store.outcome(DOWN, "not-a-day", "MATERIALIZED", T.plusSeconds(10));
        store.outcome(UP, "2024-01-02", "MATERIALIZED", T.plusSeconds(20)); // later: 02 is stale
        store.outcome(UP, "2024-01-05", "MATERIALIZED", T.plusSeconds(5)); // earlier: 05 is not
        store.active.add("2024-01-07");

        PartitionStatusView view = statuses.of(DOWN, Optional.empty());

        assertThat(view.total()).isEqualTo(10);
        assertThat(view.ranges())
                .containsExactly(
                        range(PartitionState.MATERIALIZED, "2024-01-01", "2024-01-01"),
                        range(PartitionState.STALE, "2024-01-02", "2024-01-02"),
                        range(PartitionState.FAILED, "2024-01-03", "2024-01-03"),
                        range(PartitionState.MISSING, "2024-01-04", "2024-01-04"),
                        range(PartitionState.MATERIALIZED, "2024-01-05", "2024-01-05"),
                        range(PartitionState.MISSING, "2024-01-06", "2024-01-06"),
                        range(PartitionState.IN_PROGRESS, "2024-01-07", "2024-01-07"),
                        new PartitionStatusView.Range(PartitionState.MISSING, "2024-01-08", "2024-01-10", 3));
        assertThat(view.counts())
                .containsEntry(PartitionState.MATERIALIZED, 2L)
                .containsEntry(PartitionState.STALE, 1L)
                .containsEntry(PartitionState.FAILED, 1L)
                .containsEntry(PartitionState.IN_PROGRESS, 1L)
                .containsEntry(PartitionState.MISSING, 5L);
        assertThat(store.askedForTimes).containsExactly(true);

        PartitionStatusView failed = statuses.of(DOWN, Optional.of(PartitionState.FAILED));
        assertThat(failed.ranges()).containsExactly(range(PartitionState.FAILED, "2024-01-03", "2024-01-03"));
        assertThat(failed.counts()).isEqualTo(view.counts());
    }

    @Test
    void withoutAnUpstreamOfTheSamePartitionsNoTimeIsRead() {
        store.outcome(UP, "2024-01-02", "MATERIALIZED", T);
        store.outcome(UP, "2024-01-03", "MATERIALIZED", T);
        store.outcome(UP, "2024-01-09", "FAILED", T);

        PartitionStatusView view = statuses.of(UP, Optional.empty());

        assertThat(view.ranges())
                .containsExactly(
                        range(PartitionState.MISSING, "2024-01-01", "2024-01-01"),
                        new PartitionStatusView.Range(PartitionState.MATERIALIZED, "2024-01-02", "2024-01-03", 2),
                        new PartitionStatusView.Range(PartitionState.MISSING, "2024-01-04", "2024-01-08", 5),
                        range(PartitionState.FAILED, "2024-01-09", "2024-01-09"),
                        range(PartitionState.MISSING, "2024-01-10", "2024-01-10"));
        assertThat(store.askedForTimes).containsExactly(false);
    }

    private static PartitionStatusView.Range range(PartitionState state, String first, String last) {
        return new PartitionStatusView.Range(state, first, last, 1);
    }

    /** Outcomes in memory, handed out in key order as the store does. */
    static final class Stored implements AssetState {
        final Map<AssetKey, TreeMap<String, Outcome>> outcomes = new HashMap<>();
        final Set<String> active = new java.util.HashSet<>();
        final List<Boolean> askedForTimes = new java.util.ArrayList<>();

        void outcome(AssetKey asset, String partition, String status, Instant at) {
            outcomes.computeIfAbsent(asset, a -> new TreeMap<>()).put(partition, new Outcome(partition, status, at));
        }

        @Override
        public List<Outcome> outcomes(AssetKey asset, boolean withTimes) {
            askedForTimes.add(withTimes);
            return outcomes.getOrDefault(asset, new TreeMap<>()).values().stream()
                    .map(o -> withTimes ? o : new Outcome(o.partition(), o.status(), null))
                    .toList();
        }

        @Override
        public Map<String, Instant> materializedAt(AssetKey asset) {
            Map<String, Instant> at = new HashMap<>();
            outcomes.getOrDefault(asset, new TreeMap<>()).values().stream()
                    .filter(o -> o.status().equals("MATERIALIZED"))
                    .forEach(o -> at.put(o.partition(), o.at()));
            return at;
        }

        @Override
        public Set<String> activePartitions(AssetKey asset) {
            return asset.equals(DOWN) ? active : Set.of();
        }

        @Override
        public void recordPartitionOutcome(
                AssetKey asset, List<String> partitions, String status, String runId, Instant now) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, String> partitionOutcomes(AssetKey asset) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, Set<String>> activeRunsByPartition(AssetKey asset) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<AssetKey, Map<PartitionState, Long>> partitionCounts(
                java.util.Collection<AssetKey> assets, Map<AssetKey, Set<AssetKey>> sameUpstreams) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<ActiveRun> anyActiveRun(
                AssetKey asset,
                Optional<java.util.Collection<String>> partitions,
                java.util.Collection<String> parked) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<String> watermark(AssetKey asset, String partition) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void saveWatermark(AssetKey asset, String partition, String value, String runId, Instant now) {
            throw new UnsupportedOperationException();
        }
    }
}
