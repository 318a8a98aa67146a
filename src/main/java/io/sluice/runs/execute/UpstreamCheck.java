package io.sluice.runs.execute;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.partitions.AllPartitionsMapping;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionMapping;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.UpstreamGap;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a step checks before it computes: that what it reads of each upstream asset was materialized. A partitioned
 * asset reads the upstream partitions its own partitions map to (the dependency's default {@link PartitionMapping}:
 * the same day, the day's hours, ...), and each must be MATERIALIZED; where the mapping is "every upstream partition"
 * (an unpartitioned asset downstream of a partitioned one, or partitions of unrelated kinds), at least one must be.
 * An unpartitioned upstream must have been written once. Pure: what was materialized comes from {@link Records}.
 */
public final class UpstreamCheck {

    /** Ranges of missing partitions named in the message before "and N more". */
    static final int RANGES_SHOWN = 5;

    /** What was materialized, as the store and the step's own run know it. */
    public interface Records {
        Set<String> materializedAmong(AssetKey asset, Collection<String> partitions);

        boolean anyPartitionMaterialized(AssetKey asset);

        boolean written(AssetKey asset);
    }

    private UpstreamCheck() {}

    /**
     * Why the step of {@code spec} over {@code partitions} cannot compute yet, naming each upstream asset that lacks
     * something, what it lacks and what to do; empty when everything it reads was materialized.
     */
    static Optional<String> missing(
            AssetSpec<?> spec,
            List<String> partitions,
            Set<AssetKey> upstream,
            Function<AssetKey, Optional<AssetSpec<?>>> specs,
            Records records,
            Instant now) {
        List<UpstreamGap> problems = gaps(spec, partitions, upstream, specs, records, now);
        if (problems.isEmpty()) {
            return Optional.empty();
        }
        List<String> assets =
                problems.stream().map(m -> m.upstream().toString()).toList();
        String them = assets.size() == 1 ? "it" : "them";
        String names = assets.size() == 1
                ? assets.get(0)
                : String.join(", ", assets.subList(0, assets.size() - 1)) + " and " + assets.get(assets.size() - 1);
        return Optional.of(problems.stream()
                        .map(m -> "upstream asset " + m.upstream() + " " + m.what())
                        .collect(Collectors.joining("; "))
                + ". Nothing was computed: materialize " + names + " first (add " + them
                + " to this run's assets, or launch " + them
                + " for what is missing), then launch this run again");
    }

    /**
     * What the step of {@code spec} over {@code partitions} reads of each of {@code upstream} that was not
     * materialized, upstream assets in key order; empty when it could compute. The launchpad's preview asks the same of
     * the store before a launch.
     */
    public static List<UpstreamGap> gaps(
            AssetSpec<?> spec,
            List<String> partitions,
            Set<AssetKey> upstream,
            Function<AssetKey, Optional<AssetSpec<?>>> specs,
            Records records,
            Instant now) {
        PartitionsDefinition own = spec.partitions();
        if (own.isPartitioned() && partitions.isEmpty()) {
            return List.of(); // nothing to compute
        }
        List<UpstreamGap> problems = new ArrayList<>();
        for (AssetKey up : upstream.stream().sorted().toList()) {
            Optional<AssetSpec<?>> upSpec = specs.apply(up);
            if (upSpec.isEmpty()) {
                continue; // not in the catalog: the graph refuses that at start-up
            }
            PartitionsDefinition theirs = upSpec.get().partitions();
            if (!theirs.isPartitioned()) {
                if (!records.written(up)) {
                    problems.add(new UpstreamGap(spec.key(), up, "has never been materialized", List.of(), 0));
                }
                continue;
            }
            PartitionMapping mapping =
                    own.isPartitioned() ? PartitionMapping.defaultFor(theirs, own) : PartitionMapping.all();
            if (mapping instanceof AllPartitionsMapping) {
                if (!records.anyPartitionMaterialized(up)) {
                    problems.add(new UpstreamGap(spec.key(), up, "has no materialized partition yet", List.of(), 0));
                }
                continue;
            }
            PartitionSpace upSpace = theirs.at(now);
            PartitionSubset read;
            try {
                read = mapping.upstreamOf(own.at(now).subset(partitions), upSpace)
                        .partitions();
            } catch (IllegalArgumentException e) {
                continue; // a partition of the run no longer exists: the compute says so
            }
            if (read.isEmpty()) {
                continue;
            }
            Set<String> materialized = records.materializedAmong(up, read.keys());
            if (materialized.size() < read.count()) {
                PartitionSubset absent = read.minus(upSpace.subset(materialized));
                problems.add(new UpstreamGap(
                        spec.key(),
                        up,
                        "has not materialized " + absent.count() + " of the " + read.count()
                                + (read.count() == 1 ? " partition" : " partitions") + " this step reads: "
                                + ranges(absent),
                        absent.keyRanges(),
                        absent.count()));
            }
        }
        return problems;
    }

    /** The missing partitions as ranges, {@code 2024-01-01...2024-01-31, 2024-03-02}, the first few of them. */
    private static String ranges(PartitionSubset absent) {
        List<PartitionKeyRange> ranges = absent.keyRanges();
        String shown = ranges.stream()
                .limit(RANGES_SHOWN)
                .map(r -> r.start().equals(r.end()) ? r.start() : r.start() + "..." + r.end())
                .collect(Collectors.joining(", "));
        return ranges.size() > RANGES_SHOWN ? shown + " and " + (ranges.size() - RANGES_SHOWN) + " more ranges" : shown;
    }
}
