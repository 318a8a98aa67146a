package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionMapping;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.PartitionsDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Plans a backfill: pure, so a dry run returns exactly what a launch does. Selected assets that share a
 * partitions definition run together: each of their runs carries all of them in dependency order, so an
 * upstream partition is materialized before the downstream partition that maps to it in the same run.
 * Assets with other definitions (or none) get their own runs, which wait for the runs of the upstream
 * partitions they map to (the dependency's default {@link PartitionMapping}: a daily asset waits for the runs
 * of its 24 hours, an unpartitioned one for every upstream run). Partitions are grouped
 * {@code partitionsPerRun} at a time, or all of a definition's in one run.
 */
public final class BackfillPlanner {

    /** Run dependencies a plan may hold (an "all partitions" mapping between two big groups multiplies them). */
    static final int MAX_DEPENDENCIES = 1_000_000;

    private BackfillPlanner() {}

    /** One selected asset: its partitions and its direct upstream assets among the selection. */
    public record Selected(AssetKey key, PartitionsDefinition partitions, Set<AssetKey> upstream) {
        public Selected {
            upstream = Set.copyOf(upstream);
        }
    }

    /** Assets that share one definition: they plan as one (same-definition assets identity-map). */
    private static final class Group {
        final PartitionsDefinition definition;
        final List<AssetKey> assets = new ArrayList<>();
        final Set<Group> upstream = new LinkedHashSet<>();
        PartitionSpace space;
        PartitionSubset targets;
        final List<Integer> runs = new ArrayList<>();
        /** Partition index in {@code space} to the sequence of the run that covers it. */
        final Map<Long, Integer> runOf = new HashMap<>();

        Group(PartitionsDefinition definition) {
            this.definition = definition;
        }

        boolean partitioned() {
            return definition.isPartitioned();
        }
    }

    /** Every selected asset shares the partitions of {@code targets}: no run waits for another. */
    public static BackfillPlan plan(
            List<AssetKey> assets, PartitionSubset targets, int partitionsPerRun, boolean singleRun, RunOrder order) {
        List<Selected> selected = assets.stream()
                .map(a -> new Selected(a, targets.space().definition(), Set.of()))
                .toList();
        return plan(selected, targets, Instant.EPOCH, partitionsPerRun, singleRun, order);
    }

    /**
     * @param assets           the selected assets in dependency order
     * @param targets          the partitions to materialize, of the first partitioned asset's definition; the other
     *                         definitions' targets are what these map to downstream
     * @param now              the instant the partition spaces are taken at
     * @param partitionsPerRun how many partitions each run takes ({@code >= 1}); ignored when {@code singleRun}
     * @throws IllegalArgumentException when the selection cannot be planned, with the reason
     */
    public static BackfillPlan plan(
            List<Selected> assets,
            PartitionSubset targets,
            Instant now,
            int partitionsPerRun,
            boolean singleRun,
            RunOrder order) {
        if (partitionsPerRun < 1) {
            throw new IllegalArgumentException("partitionsPerRun must be >= 1");
        }
        List<Group> groups = groups(assets);
        PartitionsDefinition anchor = targets.space().definition();
        List<PlannedRun> runs = new ArrayList<>();
        long dependencies = 0;
        long offset = 0; // where the partitions of the group sit among the backfill's
        for (Group g : groups) {
            targets(g, anchor, targets, now);
            boolean read = groups.stream().anyMatch(other -> other.upstream.contains(g));
            List<List<String>> chunks =
                    g.partitioned() ? chunks(g, partitionsPerRun, singleRun, order) : List.of(List.of());
            for (List<String> partitions : chunks) {
                int sequence = runs.size();
                List<Integer> after = after(g, partitions);
                dependencies += after.size();
                if (dependencies > MAX_DEPENDENCIES) {
                    throw new IllegalArgumentException("the plan would hold more than " + MAX_DEPENDENCIES
                            + " dependencies between runs; " + "raise partitionsPerRun or use singleRun");
                }
                long position = partitions.isEmpty()
                        ? 0 // placed after the last partition below
                        : offset
                                + g.targets
                                        .ranges()
                                        .rank(g.space.indexOf(partitions.get(0)).orElseThrow());
                runs.add(new PlannedRun(sequence, g.assets, partitions, after, position));
                g.runs.add(sequence);
                for (String key : read && g.partitioned() ? partitions : List.<String>of()) {
                    g.runOf.put(g.space.indexOf(key).orElseThrow(), sequence);
                }
            }
            offset += g.partitioned() ? g.targets.count() : 0;
        }
        long end = offset;
        List<PlannedRun> placed =
                runs.stream().map(r -> r.partitions().isEmpty() ? r.at(end) : r).toList();
        return new BackfillPlan(assets.stream().map(Selected::key).toList(), targets.count(), placed);
    }

    private static List<Group> groups(List<Selected> assets) {
        Map<PartitionsDefinition, Group> byDefinition = new LinkedHashMap<>();
        Map<AssetKey, Group> groupOf = new HashMap<>();
        List<Group> order = new ArrayList<>();
        for (Selected a : assets) {
            Group g = byDefinition.computeIfAbsent(a.partitions(), d -> {
                Group created = new Group(d);
                order.add(created);
                return created;
            });
            g.assets.add(a.key());
            groupOf.put(a.key(), g);
        }
        for (Selected a : assets) {
            Group g = groupOf.get(a.key());
            for (AssetKey up : a.upstream()) {
                Group u = groupOf.get(up);
                if (u == null || u == g) {
                    continue;
                }
                if (order.indexOf(u) > order.indexOf(g)) {
                    throw new IllegalArgumentException(
                            "asset " + a.key() + " depends on " + up + ", which depends on assets partitioned like "
                                    + a.key() + " (" + a.partitions().describe() + "): backfill them in two steps");
                }
                g.upstream.add(u);
            }
        }
        return order;
    }

    private static void targets(Group g, PartitionsDefinition anchor, PartitionSubset anchorTargets, Instant now) {
        if (!g.partitioned()) {
            return;
        }
        if (g.definition.equals(anchor)) {
            g.space = anchorTargets.space();
            g.targets = anchorTargets;
            return;
        }
        g.space = g.definition.at(now);
        PartitionSubset mapped = g.space.empty();
        boolean fed = false;
        for (Group u : g.upstream) {
            if (u.partitioned()) {
                fed = true;
                mapped = mapped.union(PartitionMapping.defaultFor(u.definition, g.definition)
                        .downstreamOf(u.targets, g.space)
                        .partitions());
            }
        }
        if (!fed) {
            throw new IllegalArgumentException("assets " + g.assets + " are partitioned " + g.definition.describe()
                    + ", not like the range (" + anchor.describe()
                    + "), and depend on no selected asset that maps to them: backfill them separately");
        }
        g.targets = mapped;
    }

    private static List<List<String>> chunks(Group g, int partitionsPerRun, boolean singleRun, RunOrder order) {
        List<String> keys = new ArrayList<>(g.targets.keys());
        if (order == RunOrder.NEWEST_FIRST) {
            Collections.reverse(keys);
        }
        int chunk = singleRun ? Math.max(1, keys.size()) : partitionsPerRun;
        List<List<String>> chunks = new ArrayList<>(
                keys.size() / chunk + 1); // not (size + chunk - 1) / chunk: it overflows for a huge chunk
        for (int from = 0; from < keys.size(); from += chunk) {
            List<String> part = new ArrayList<>(keys.subList(from, Math.min(keys.size(), from + chunk)));
            if (order == RunOrder.NEWEST_FIRST) {
                Collections.reverse(part);
            }
            chunks.add(part);
        }
        return chunks;
    }

    /** The runs of upstream groups that materialize what a run of {@code g} over {@code partitions} reads. */
    private static List<Integer> after(Group g, List<String> partitions) {
        Set<Integer> after = new TreeSet<>();
        for (Group u : g.upstream) {
            if (!u.partitioned() || !g.partitioned()) {
                after.addAll(u.runs);
                continue;
            }
            PartitionSubset read = PartitionMapping.defaultFor(u.definition, g.definition)
                    .upstreamOf(g.space.subset(partitions), u.space)
                    .partitions()
                    .intersect(u.targets);
            if (read.count() == u.targets.count()) {
                after.addAll(u.runs);
                continue;
            }
            for (String key : read.keys()) {
                Integer run = u.runOf.get(u.space.indexOf(key).orElseThrow());
                if (run != null) {
                    after.add(run);
                }
            }
        }
        return List.copyOf(after);
    }
}
