package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.MappedPartitions;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.partitions.TimeWindowSpace;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PrimitiveIterator;
import java.util.Set;

/**
 * Asset-dependency triggers, evaluated on a batch: given the graph with its policies, the cursor and a
 * {@link TriggerInput}, which downstream partitions to launch, which to hold and why, and the new cursor. Pure; one
 * batch of events (however many) is one evaluation and one plan, with each asset partition at most once in it.
 *
 * <ul>
 *   <li><b>eager</b>: the upstream partitions in the batch (and those waiting from earlier evaluations) map through
 *   each dependency's mapping to downstream partitions; each launches once every upstream partition it reads is in
 *   ({@link Readiness}), else it is held and retried at the next evaluation. An upstream partition whose downstream
 *   partition does not exist yet (an hour of a day that has not ended) waits in the cursor. An unpartitioned upstream
 *   wakes the newest partition of a time-window downstream, every partition of other kinds.</li>
 *   <li><b>on_cron</b>: once per tick of its cron, the asset (its newest time window; every partition of other kinds)
 *   once every upstream has been materialized at or after the tick; the tick is marked handled when nothing is
 *   held.</li>
 *   <li><b>missing</b>: the partitions within the window that are not materialized, when their upstreams are in.</li>
 * </ul>
 * A partition already queued or running is not launched again. Launches are grouped: assets with the same partitions,
 * the same partitions to launch and the same policy share one run, upstream first.
 */
public final class TriggerEvaluator {

    private TriggerEvaluator() {}

    public static TriggerPlan evaluate(TriggerGraph graph, TriggerCursor cursor, TriggerInput input) {
        return new Evaluation(graph, cursor, input).run();
    }

    /** Downstream partitions asked for, as index ranges of the asset's space, or the whole unpartitioned asset. */
    private static final class Wanted {
        final IndexRanges.Builder indexes = IndexRanges.builder();
        boolean whole;
    }

    private record Group(PartitionsDefinition definition, IndexRanges indexes, String policy) {}

    private static final class Evaluation {
        private final TriggerGraph graph;
        private final TriggerCursor cursor;
        private final TriggerInput input;
        private final Readiness readiness;
        /** The events of the batch by asset, to tell which upstream events a run followed with the downstream itself. */
        private final Map<AssetKey, List<MaterializationEvent>> batch = new HashMap<>();

        private final Map<Group, List<AssetKey>> groups = new LinkedHashMap<>();
        private final List<AssetPartition> launched = new ArrayList<>();
        private final List<Held> held = new ArrayList<>();
        private final List<AssetPartition> active = new ArrayList<>();
        private final Set<AssetPartition> stillHeld = new HashSet<>();
        private final Set<TriggerCursor.Waiting> waiting = new HashSet<>();
        private final Map<AssetKey, Instant> cronTicks;
        private long sequence;

        Evaluation(TriggerGraph graph, TriggerCursor cursor, TriggerInput input) {
            this.graph = graph;
            this.cursor = Objects.requireNonNull(cursor, "cursor");
            this.input = input;
            this.readiness = new Readiness(graph, input);
            this.cronTicks = new HashMap<>(cursor.cronTicks());
            this.sequence = cursor.eventSequence();
            for (MaterializationEvent event : input.events()) {
                if (event.sequence() > cursor.eventSequence() && graph.graph().contains(event.asset())) {
                    batch.computeIfAbsent(event.asset(), k -> new ArrayList<>()).add(event);
                    sequence = Math.max(sequence, event.sequence());
                }
            }
        }

        TriggerPlan run() {
            for (AssetKey asset : graph.graph().topologicalOrder()) {
                Optional<TriggerPolicy> policy = graph.policy(asset);
                if (policy.isPresent() && policy.get() instanceof TriggerPolicy.Eager) {
                    int before = held.size();
                    int activeBefore = active.size();
                    decide(asset, eager(asset), "eager");
                    held.subList(before, held.size()).forEach(h -> stillHeld.add(h.partition()));
                    // a run already queued or started may have read the upstream before this event: the partition is
                    // kept and launched once that run has ended
                    stillHeld.addAll(active.subList(activeBefore, active.size()));
                } else if (policy.isPresent() && policy.get() instanceof TriggerPolicy.OnCron onCron) {
                    onCron(asset, onCron);
                } else if (policy.isPresent() && policy.get() instanceof TriggerPolicy.Missing missing) {
                    decide(asset, missing(asset, missing), missing.describe());
                }
            }
            List<Launch> launches = new ArrayList<>();
            groups.forEach((group, assets) -> launches.add(launch(group, assets)));
            return new TriggerPlan(
                    launches, launched, held, active, new TriggerCursor(sequence, cronTicks, stillHeld, waiting));
        }

        private Wanted eager(AssetKey asset) {
            Wanted wanted = new Wanted();
            PartitionSpace own = readiness.space(asset);
            for (Dependency dependency : graph.dependencies(asset)) {
                AssetKey upstream = dependency.upstream();
                Set<AssetPartition> fresh = fresh(asset, upstream);
                cursor.waiting().stream()
                        .filter(w -> w.downstream().equals(asset)
                                && w.upstream().asset().equals(upstream))
                        .forEach(w -> fresh.add(w.upstream()));
                if (fresh.isEmpty()) {
                    continue;
                }
                if (!own.definition().isPartitioned()) {
                    wanted.whole = true;
                } else if (!graph.partitions(upstream).isPartitioned()) {
                    wanted.indexes.addAll(newest(own).ranges());
                } else {
                    PartitionSpace theirs = readiness.space(upstream);
                    IndexRanges.Builder keys = IndexRanges.builder();
                    fresh.forEach(p ->
                            p.partition().flatMap(k -> box(theirs.indexOf(k))).ifPresent(keys::add));
                    MappedPartitions mapped = dependency.mapping().downstreamOf(theirs.subset(keys.build()), own);
                    wanted.indexes.addAll(mapped.partitions().ranges());
                    for (PrimitiveIterator.OfLong it =
                                    mapped.incomplete().ranges().iterator();
                            it.hasNext(); ) {
                        long index = it.nextLong();
                        if (awaitsFuture(own, theirs, index)) {
                            waiting.add(
                                    new TriggerCursor.Waiting(asset, AssetPartition.of(upstream, theirs.keyAt(index))));
                        }
                    }
                }
            }
            for (AssetPartition before : cursor.held()) {
                if (before.asset().equals(asset)) {
                    if (before.partition().isEmpty()) {
                        wanted.whole = !own.definition().isPartitioned();
                    } else {
                        box(own.indexOf(before.partition().get())).ifPresent(wanted.indexes::add);
                    }
                }
            }
            return wanted;
        }

        /**
         * The upstream partitions of the batch that {@code asset} has not followed: an upstream event whose run also
         * materialized {@code asset} later (one run over both, upstream first) is already read by it.
         */
        private Set<AssetPartition> fresh(AssetKey asset, AssetKey upstream) {
            Map<String, Long> own = new HashMap<>();
            for (MaterializationEvent e : batch.getOrDefault(asset, List.of())) {
                own.merge(e.runId(), e.sequence(), Math::max);
            }
            Set<AssetPartition> fresh = new HashSet<>();
            for (MaterializationEvent e : batch.getOrDefault(upstream, List.of())) {
                Long followed = own.get(e.runId());
                if (followed == null || followed < e.sequence()) {
                    fresh.add(e.assetPartition());
                }
            }
            return fresh;
        }

        private void onCron(AssetKey asset, TriggerPolicy.OnCron policy) {
            Instant tick = policy.ticks().latestAtOrBefore(input.now());
            Instant handled = cursor.cronTicks().get(asset);
            if (handled != null && !handled.isBefore(tick)) {
                return;
            }
            PartitionSpace own = readiness.space(asset);
            Wanted wanted = new Wanted();
            wanted.whole = !own.definition().isPartitioned();
            wanted.indexes.addAll(newest(own).ranges());
            for (Dependency dependency : graph.dependencies(asset)) {
                Optional<Instant> last = input.state().lastMaterialized(dependency.upstream());
                if (last.isEmpty() || last.get().isBefore(tick)) {
                    String detail = dependency.upstream() + " has not been updated since the tick at " + tick;
                    targets(asset, own, wanted.indexes.build(), wanted.whole)
                            .forEach(p -> held.add(new Held(p, Held.Reason.NOT_UPDATED_SINCE_TICK, detail)));
                    return;
                }
            }
            int heldBefore = held.size();
            decide(asset, wanted, policy.describe());
            if (held.size() == heldBefore) {
                cronTicks.put(asset, tick);
            }
        }

        private Wanted missing(AssetKey asset, TriggerPolicy.Missing policy) {
            PartitionSpace own = readiness.space(asset);
            Wanted wanted = new Wanted();
            if (!own.definition().isPartitioned()) {
                wanted.whole = input.state().lastMaterialized(asset).isEmpty();
                return wanted;
            }
            PartitionSubset window = own instanceof TimeWindowSpace windows
                    ? windows.overlapping(input.now().minus(policy.window()), input.now())
                    : own.all();
            wanted.indexes.addAll(window.minus(readiness.materialized(asset)).ranges());
            return wanted;
        }

        /** Launches or holds each wanted partition of {@code asset}. */
        private void decide(AssetKey asset, Wanted wanted, String policy) {
            PartitionSpace own = readiness.space(asset);
            IndexRanges.Builder go = IndexRanges.builder();
            boolean goWhole = false;
            if (wanted.whole && !own.definition().isPartitioned()) {
                goWhole = decideOne(asset, OptionalLong.empty());
            }
            for (PrimitiveIterator.OfLong it = wanted.indexes.build().iterator(); it.hasNext(); ) {
                long index = it.nextLong();
                if (decideOne(asset, OptionalLong.of(index))) {
                    go.add(index);
                }
            }
            IndexRanges indexes = go.build();
            if (goWhole || !indexes.isEmpty()) {
                groups.computeIfAbsent(new Group(own.definition(), indexes, policy), g -> new ArrayList<>())
                        .add(asset);
                launched.addAll(targets(asset, own, indexes, goWhole));
            }
        }

        private boolean decideOne(AssetKey asset, OptionalLong index) {
            AssetPartition target = index.isPresent()
                    ? AssetPartition.of(asset, readiness.space(asset).keyAt(index.getAsLong()))
                    : AssetPartition.whole(asset);
            if (input.active().contains(target) || input.active().contains(AssetPartition.whole(asset))) {
                active.add(target);
                return false;
            }
            Optional<Held> wait = readiness.check(asset, index);
            wait.ifPresent(held::add);
            return wait.isEmpty();
        }

        private Launch launch(Group group, List<AssetKey> assets) {
            PartitionSpace space = readiness.space(assets.get(0));
            String what = group.indexes().isEmpty()
                    ? ""
                    : " " + space.subset(group.indexes()).keyRanges();
            return LaunchRequest.of(
                            assets, space.subset(group.indexes()).keyRanges(), "automation " + group.policy() + what)
                    .withTag(Launch.TRIGGER_TAG, group.policy());
        }

        private static List<AssetPartition> targets(
                AssetKey asset, PartitionSpace own, IndexRanges indexes, boolean whole) {
            List<AssetPartition> out = new ArrayList<>();
            if (whole && !own.definition().isPartitioned()) {
                out.add(AssetPartition.whole(asset));
            }
            own.subset(indexes).keys().forEach(k -> out.add(AssetPartition.of(asset, k)));
            return out;
        }

        /**
         * Whether upstream partition {@code index}, which maps to no existing downstream partition, waits for one that
         * will exist: a time window ending after the downstream's existing windows (and its start). Partitions before
         * the downstream's first window, or keys the downstream lacks, never will, and are not kept.
         */
        private static boolean awaitsFuture(PartitionSpace own, PartitionSpace theirs, long index) {
            if (!(own instanceof TimeWindowSpace windows) || !(theirs instanceof TimeWindowSpace upstream)) {
                return false;
            }
            TimeWindowPartitions definition = windows.definition();
            Instant existingEnd = windows.size() > 0
                    ? windows.window(windows.size() - 1).end()
                    : definition.start().atZone(definition.zone()).toInstant();
            return upstream.window(index).end().isAfter(existingEnd);
        }

        private static PartitionSubset newest(PartitionSpace space) {
            if (space instanceof TimeWindowSpace && space.size() > 0) {
                return space.subset(IndexRanges.of(space.size() - 1, space.size()));
            }
            return space.all();
        }
    }

    private static Optional<Long> box(OptionalLong value) {
        return value.isPresent() ? Optional.of(value.getAsLong()) : Optional.empty();
    }
}
