package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.AllPartitionsMapping;
import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.LastPartitionMapping;
import io.sluice.partitions.MappedPartitions;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.PartitionsDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Whether one downstream partition may launch now: every upstream partition it reads exists (unless the dependency
 * allows otherwise), is materialized, and did not fail a blocking check. Spaces and materialized subsets are taken
 * once per asset per evaluation.
 */
final class Readiness {

    private final TriggerGraph graph;
    private final TriggerInput input;
    private final Map<AssetKey, PartitionSpace> spaces = new HashMap<>();
    private final Map<AssetKey, PartitionSubset> materialized = new HashMap<>();
    private final Map<AssetKey, List<AssetPartition>> failed = new HashMap<>();

    Readiness(TriggerGraph graph, TriggerInput input) {
        this.graph = graph;
        this.input = input;
        for (AssetPartition p : input.failedChecks()) {
            failed.computeIfAbsent(p.asset(), k -> new ArrayList<>()).add(p);
        }
    }

    PartitionSpace space(AssetKey asset) {
        return spaces.computeIfAbsent(asset, a -> graph.partitions(a).at(input.now()));
    }

    PartitionSubset materialized(AssetKey asset) {
        return materialized.computeIfAbsent(asset, a -> input.state().materialized(a, space(a)));
    }

    /** Why {@code asset}'s partition {@code index} (empty: the unpartitioned asset) must wait, if it must. */
    Optional<Held> check(AssetKey asset, OptionalLong index) {
        PartitionSpace own = space(asset);
        AssetPartition target = index.isPresent()
                ? AssetPartition.of(asset, own.keyAt(index.getAsLong()))
                : AssetPartition.whole(asset);
        for (Dependency dependency : graph.dependencies(asset)) {
            AssetKey upstream = dependency.upstream();
            PartitionsDefinition definition = graph.partitions(upstream);
            if (!definition.isPartitioned()) {
                if (input.state().lastMaterialized(upstream).isEmpty()) {
                    return held(target, Held.Reason.UPSTREAM_MISSING, upstream + " has not been materialized yet");
                }
                if (failed.containsKey(upstream)) {
                    return held(target, Held.Reason.FAILED_CHECK, "blocked by a failed blocking check on " + upstream);
                }
                continue;
            }
            PartitionSpace theirs = space(upstream);
            PartitionSubset required;
            if (index.isEmpty() && dependency.mapping() instanceof AllPartitionsMapping) {
                // as a launch's upstream check: an unpartitioned asset over every upstream partition needs one in
                if (materialized(upstream).isEmpty()) {
                    return held(
                            target,
                            Held.Reason.UPSTREAM_MISSING,
                            "waiting for a first materialized partition of " + upstream);
                }
                required = theirs.all();
                if (failedIn(upstream, required)) {
                    return held(target, Held.Reason.FAILED_CHECK, "blocked by a failed blocking check on " + upstream);
                }
                continue;
            }
            if (index.isEmpty()) {
                required = dependency.mapping() instanceof LastPartitionMapping && theirs.size() > 0
                        ? theirs.subset(IndexRanges.of(theirs.size() - 1, theirs.size()))
                        : theirs.all();
            } else {
                long i = index.getAsLong();
                MappedPartitions mapped = dependency.mapping().upstreamOf(own.subset(IndexRanges.of(i, i + 1)), theirs);
                if (!mapped.incomplete().isEmpty() && !dependency.allowNonexistent()) {
                    return held(
                            target,
                            Held.Reason.UPSTREAM_NOT_YET_EXISTING,
                            "reads partitions of " + upstream + " that do not exist yet");
                }
                required = mapped.partitions();
            }
            PartitionSubset missing = required.minus(materialized(upstream));
            if (!missing.isEmpty()) {
                return held(
                        target,
                        Held.Reason.UPSTREAM_MISSING,
                        "waiting for " + missing.count() + " of " + required.count()
                                + " partitions of " + upstream + " ("
                                + missing.keyRanges().get(0) + (missing.ranges().rangeCount() > 1 ? ", ..." : "")
                                + ")");
            }
            for (AssetPartition bad : failed.getOrDefault(upstream, List.of())) {
                if (bad.partition().isEmpty()
                        || required.contains(bad.partition().get())) {
                    return held(target, Held.Reason.FAILED_CHECK, "blocked by a failed blocking check on " + bad);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code asset}'s partition {@code index} (empty: the unpartitioned asset) must wait because an upstream
     * partition it reads is being materialized: a run queued or running over it, or a running backfill that targets it.
     * The activity is asked per upstream, over exactly what the partition reads.
     */
    Optional<Held> inProgress(AssetKey asset, OptionalLong index) {
        PartitionSpace own = space(asset);
        for (Dependency dependency : graph.dependencies(asset)) {
            AssetKey upstream = dependency.upstream();
            Optional<PartitionSubset> reads = graph.partitions(upstream).isPartitioned()
                    ? Optional.of(reads(dependency, own, index))
                    : Optional.empty();
            if (reads.isPresent() && reads.get().isEmpty()) {
                continue;
            }
            Optional<UpstreamActivity.InProgress> busy = input.activity().inProgress(upstream, reads);
            if (busy.isPresent()) {
                AssetPartition target = index.isPresent()
                        ? AssetPartition.of(asset, own.keyAt(index.getAsLong()))
                        : AssetPartition.whole(asset);
                return held(target, Held.Reason.UPSTREAM_IN_PROGRESS, busy.get().describe(upstream));
            }
        }
        return Optional.empty();
    }

    /** The partitions of a partitioned upstream that {@code asset}'s partition {@code index} (or the whole asset) reads. */
    private PartitionSubset reads(Dependency dependency, PartitionSpace own, OptionalLong index) {
        PartitionSpace theirs = space(dependency.upstream());
        if (index.isEmpty()) {
            return dependency.mapping() instanceof LastPartitionMapping && theirs.size() > 0
                    ? theirs.subset(IndexRanges.of(theirs.size() - 1, theirs.size()))
                    : theirs.all();
        }
        long i = index.getAsLong();
        return dependency
                .mapping()
                .upstreamOf(own.subset(IndexRanges.of(i, i + 1)), theirs)
                .partitions();
    }

    private boolean failedIn(AssetKey upstream, PartitionSubset required) {
        return failed.getOrDefault(upstream, List.of()).stream()
                .anyMatch(bad -> bad.partition().isEmpty()
                        || required.contains(bad.partition().get()));
    }

    private static Optional<Held> held(AssetPartition target, Held.Reason reason, String detail) {
        return Optional.of(new Held(target, reason, detail));
    }
}
