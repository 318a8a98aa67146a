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
import java.util.Comparator;
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
import java.util.TreeMap;

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
 *   <li><b>on_late</b>: what freshness says is late or due soon ({@link TriggerInput#late()}: partitions under a
 *   partition deadline; the whole asset under a maximum age, which launches its newest partition if partitioned),
 *   when their upstreams are in and nothing they read is in progress. Its runs are followed and retried as eager ones
 *   are; after the last attempt fails the partition is given up ({@link TriggerCursor#givenUp()}) while it stays late,
 *   and tried again once freshness no longer lists it (it was materialized some other way) and it is late again.</li>
 * </ul>
 * A partition already queued or running is not launched again. An eager (or on_late) partition also waits while an
 * upstream partition it reads is being materialized (a run queued or running over it, a running backfill that targets
 * it), and then launches once over everything that landed; an upstream event that changed nothing makes nothing
 * eligible. The eager and on_late runs it launches are followed ({@link TriggerCursor#followed()}): one that fails is launched again after a
 * backoff, at most {@link TriggerRetry#maxAttempts()} runs in all. Launches are grouped: assets with the same
 * partitions, the same partitions to launch, the same policy and the same attempt share one run, upstream first.
 */
public final class TriggerEvaluator {

    private TriggerEvaluator() {}

    public static TriggerPlan evaluate(TriggerGraph graph, TriggerCursor cursor, TriggerInput input) {
        return evaluate(graph, cursor, input, TriggerRetry.DEFAULT);
    }

    public static TriggerPlan evaluate(
            TriggerGraph graph, TriggerCursor cursor, TriggerInput input, TriggerRetry retry) {
        return new Evaluation(graph, cursor, input, retry).run();
    }

    /**
     * Downstream partitions asked for, as index ranges of the asset's space, or the whole unpartitioned asset; those
     * asked for only as a retry, with the attempt (absent: a first attempt).
     */
    private static final class Wanted {
        final IndexRanges.Builder indexes = IndexRanges.builder();
        boolean whole;
        final Map<AssetPartition, TriggerCursor.Retry> retries = new HashMap<>();
        final Set<AssetPartition> fresh = new HashSet<>();

        /** The attempt a partition launches as: a first one, or a retry after the run that failed. */
        Attempt attemptOf(AssetPartition p) {
            TriggerCursor.Retry retry = retries.get(p);
            return retry == null || fresh.contains(p) ? Attempt.FIRST : new Attempt(retry.attempt(), retry.failedRun());
        }
    }

    /** Which attempt a launch is: 1 (no failed run), or a retry after {@code failedRun}. */
    private record Attempt(int number, String failedRun) implements Comparable<Attempt> {
        static final Attempt FIRST = new Attempt(1, "");

        @Override
        public int compareTo(Attempt other) {
            int byNumber = Integer.compare(number, other.number);
            return byNumber != 0 ? byNumber : failedRun.compareTo(other.failedRun);
        }
    }

    /**
     * One run to launch: assets alike (same partitions definition, partitions, policy, attempt and, for a retry, failed
     * run) share it.
     */
    private record Group(
            PartitionsDefinition definition, IndexRanges indexes, String policy, int attempt, String failedRun) {}

    private static final class Evaluation {
        private final TriggerGraph graph;
        private final TriggerCursor cursor;
        private final TriggerInput input;
        private final TriggerRetry retry;
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
        /** Followed runs not seen to end yet. */
        private final Set<TriggerCursor.Followed> followed = new HashSet<>();
        /** Retries by partition: those of the cursor and those of followed runs that just failed. */
        private final Map<AssetPartition, TriggerCursor.Retry> retries = new HashMap<>();
        /** {@code on_late} partitions given up on: those of the cursor and those whose last attempt just failed. */
        private final Set<AssetPartition> givenUpLate = new HashSet<>();

        private final List<TriggerPlan.GivenUp> givenUp = new ArrayList<>();
        private final Map<Group, Set<AssetPartition>> groupTargets = new HashMap<>();
        private long sequence;

        Evaluation(TriggerGraph graph, TriggerCursor cursor, TriggerInput input, TriggerRetry retry) {
            this.graph = graph;
            this.cursor = Objects.requireNonNull(cursor, "cursor");
            this.input = input;
            this.retry = Objects.requireNonNull(retry, "retry");
            this.readiness = new Readiness(graph, input);
            this.cronTicks = new HashMap<>(cursor.cronTicks());
            this.sequence = cursor.eventSequence();
            for (MaterializationEvent event : input.events()) {
                if (event.sequence() > cursor.eventSequence() && graph.graph().contains(event.asset())) {
                    batch.computeIfAbsent(event.asset(), k -> new ArrayList<>()).add(event);
                    sequence = Math.max(sequence, event.sequence());
                }
            }
            cursor.retries().forEach(r -> retries.put(r.partition(), r));
            givenUpLate.addAll(cursor.givenUp());
            for (TriggerCursor.Followed run : cursor.followed()) {
                RunEnd end = input.ended().get(run.runId());
                if (end == null) {
                    followed.add(run);
                } else if (end.outcome() == RunEnd.Outcome.FAILED) {
                    failed(run, end);
                }
            }
        }

        /** A followed run failed: each of its partitions is retried after the backoff, or given up after the last attempt. */
        private void failed(TriggerCursor.Followed run, RunEnd end) {
            Optional<Instant> next = retry.next(run.attempt(), end.at());
            for (AssetPartition p : run.partitions()) {
                if (next.isPresent()) {
                    retries.put(p, new TriggerCursor.Retry(p, run.attempt() + 1, next.get(), run.runId()));
                } else {
                    retries.remove(p);
                    boolean late = isOnLate(p.asset());
                    if (late) {
                        givenUpLate.add(p);
                    }
                    givenUp.add(new TriggerPlan.GivenUp(
                            p,
                            "run " + run.runId() + " failed (attempt " + run.attempt() + " of " + retry.maxAttempts()
                                    + "): not launched again "
                                    + (late
                                            ? "while it stays late"
                                            : "until " + p.asset() + "'s upstream changes again")
                                    + "; launch it by hand to retry now"));
                }
            }
        }

        private boolean isOnLate(AssetKey asset) {
            return graph.graph().contains(asset)
                    && graph.policy(asset)
                            .filter(TriggerPolicy.OnLate.class::isInstance)
                            .isPresent();
        }

        TriggerPlan run() {
            for (AssetKey asset : graph.graph().topologicalOrder()) {
                Optional<TriggerPolicy> policy = graph.policy(asset);
                if (policy.isPresent() && policy.get() instanceof TriggerPolicy.Eager) {
                    int before = held.size();
                    int activeBefore = active.size();
                    Wanted wanted = eager(asset);
                    decide(asset, wanted, "eager", true, true);
                    // a partition wanted only as a retry stays a retry (with its attempt and due time) when held
                    held.subList(before, held.size()).stream()
                            .map(Held::partition)
                            .filter(p -> !retryOnly(wanted, p))
                            .forEach(stillHeld::add);
                    // a run already queued or started may have read the upstream before this event: the partition is
                    // kept and launched once that run has ended
                    active.subList(activeBefore, active.size()).stream()
                            .filter(p -> !retryOnly(wanted, p))
                            .forEach(stillHeld::add);
                } else if (policy.isPresent() && policy.get() instanceof TriggerPolicy.OnCron onCron) {
                    onCron(asset, onCron);
                } else if (policy.isPresent() && policy.get() instanceof TriggerPolicy.Missing missing) {
                    decide(asset, missing(asset, missing), missing.describe(), false, false);
                } else if (policy.isPresent() && policy.get() instanceof TriggerPolicy.OnLate onLate) {
                    decide(asset, onLate(asset), onLate.describe(), true, true);
                }
            }
            List<Launch> launches = new ArrayList<>();
            List<TriggerPlan.Following> following = new ArrayList<>();
            groups.forEach((group, assets) -> {
                launches.add(launch(group, assets));
                following.add(
                        group.attempt() > 0
                                ? new TriggerPlan.Following(group.attempt(), groupTargets.get(group))
                                : TriggerPlan.Following.NONE);
            });
            launched.forEach(retries::remove);
            givenUpLate.removeIf(p -> !isOnLate(p.asset())); // its policy changed since
            return new TriggerPlan(
                    launches,
                    launched,
                    held,
                    active,
                    givenUp,
                    following,
                    new TriggerCursor(
                            sequence,
                            cronTicks,
                            stillHeld,
                            waiting,
                            followed,
                            new HashSet<>(retries.values()),
                            givenUpLate));
        }

        /** Wanted only as a retry: a hold keeps it as a retry (with its attempt and due time), not as a held partition. */
        private boolean retryOnly(Wanted wanted, AssetPartition p) {
            return retries.containsKey(p) && !wanted.fresh.contains(p);
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
                    want(wanted, own, before);
                }
            }
            // what the events and holds want is a first attempt, whatever retry it may also have
            targets(asset, own, wanted.indexes.build(), wanted.whole).forEach(wanted.fresh::add);
            for (TriggerCursor.Retry r : retries.values()) {
                if (!r.partition().asset().equals(asset) || wanted.fresh.contains(r.partition())) {
                    continue;
                }
                if (r.due().isAfter(input.now())) {
                    held.add(new Held(
                            r.partition(),
                            Held.Reason.RETRY_BACKOFF,
                            "run " + r.failedRun() + " failed (attempt " + (r.attempt() - 1) + " of "
                                    + retry.maxAttempts() + "); attempt " + r.attempt() + " starts at " + r.due()));
                } else {
                    wanted.retries.put(r.partition(), r);
                    want(wanted, own, r.partition());
                }
            }
            return wanted;
        }

        private static void want(Wanted wanted, PartitionSpace own, AssetPartition p) {
            if (p.partition().isEmpty()) {
                wanted.whole = !own.definition().isPartitioned();
            } else {
                box(own.indexOf(p.partition().get())).ifPresent(wanted.indexes::add);
            }
        }

        /**
         * The upstream partitions of the batch that {@code asset} has not followed: an upstream event whose run also
         * materialized {@code asset} later (one run over both, upstream first) is already read by it, and an event that
         * changed nothing gives it nothing new to read.
         */
        private Set<AssetPartition> fresh(AssetKey asset, AssetKey upstream) {
            Map<String, Long> own = new HashMap<>();
            for (MaterializationEvent e : batch.getOrDefault(asset, List.of())) {
                own.merge(e.runId(), e.sequence(), Math::max);
            }
            Set<AssetPartition> fresh = new HashSet<>();
            for (MaterializationEvent e : batch.getOrDefault(upstream, List.of())) {
                if (!e.changed()) {
                    continue; // the run changed nothing downstream would read
                }
                Long later = own.get(e.runId());
                if (later == null || later < e.sequence()) {
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
            decide(asset, wanted, policy.describe(), false, false);
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

        /**
         * The partitions of an {@code on_late} asset that freshness lists as late or due soon (the newest partition for
         * a partitioned asset listed whole), as first attempts or as retries once due; a retry still waiting is held.
         * Retries and given-up partitions no longer listed are dropped: they were materialized some other way.
         */
        private Wanted onLate(AssetKey asset) {
            PartitionSpace own = readiness.space(asset);
            Wanted wanted = new Wanted();
            Set<AssetPartition> late = new HashSet<>();
            for (AssetPartition p : input.late()) {
                if (!p.asset().equals(asset)) {
                    continue;
                }
                if (p.partition().isEmpty()) {
                    if (own.definition().isPartitioned()) {
                        late.addAll(targets(asset, own, newest(own).ranges(), false));
                    } else {
                        late.add(p);
                    }
                } else if (own.indexOf(p.partition().get()).isPresent()) {
                    late.add(p); // a partition due soon whose window has not begun or ended yet cannot launch
                }
            }
            retries.keySet().removeIf(p -> p.asset().equals(asset) && !late.contains(p));
            givenUpLate.removeIf(p -> p.asset().equals(asset) && !late.contains(p));
            for (AssetPartition p : late.stream()
                    .sorted(Comparator.comparing(AssetPartition::toString))
                    .toList()) {
                if (givenUpLate.contains(p)) {
                    continue;
                }
                TriggerCursor.Retry r = retries.get(p);
                if (r != null && r.due().isAfter(input.now())) {
                    held.add(new Held(
                            p,
                            Held.Reason.RETRY_BACKOFF,
                            "run " + r.failedRun() + " failed (attempt " + (r.attempt() - 1) + " of "
                                    + retry.maxAttempts() + "); attempt " + r.attempt() + " starts at " + r.due()));
                    continue;
                }
                if (r != null) {
                    wanted.retries.put(p, r);
                }
                want(wanted, own, p);
            }
            return wanted;
        }

        /**
         * Launches or holds each wanted partition of {@code asset}; with {@code waits} a partition also waits while an
         * upstream it reads is in progress, and with {@code follows} its runs are followed (with the attempt) for
         * retries (eager and on_late).
         */
        private void decide(AssetKey asset, Wanted wanted, String policy, boolean waits, boolean follows) {
            PartitionSpace own = readiness.space(asset);
            Map<Attempt, IndexRanges.Builder> go = new TreeMap<>();
            Attempt whole = null;
            if (wanted.whole && !own.definition().isPartitioned()) {
                if (decideOne(asset, OptionalLong.empty(), waits)) {
                    whole = wanted.attemptOf(AssetPartition.whole(asset));
                }
            }
            for (PrimitiveIterator.OfLong it = wanted.indexes.build().iterator(); it.hasNext(); ) {
                long index = it.nextLong();
                if (decideOne(asset, OptionalLong.of(index), waits)) {
                    go.computeIfAbsent(
                                    wanted.attemptOf(AssetPartition.of(asset, own.keyAt(index))),
                                    a -> IndexRanges.builder())
                            .add(index);
                }
            }
            if (whole != null) {
                go.computeIfAbsent(whole, a -> IndexRanges.builder());
            }
            for (Map.Entry<Attempt, IndexRanges.Builder> entry : go.entrySet()) {
                Attempt attempt = entry.getKey();
                IndexRanges indexes = entry.getValue().build();
                List<AssetPartition> targets = targets(asset, own, indexes, attempt.equals(whole));
                Group group = new Group(
                        own.definition(),
                        indexes,
                        policy,
                        follows ? attempt.number() : 0,
                        follows && attempt.number() > 1 ? attempt.failedRun() : null);
                groups.computeIfAbsent(group, g -> new ArrayList<>()).add(asset);
                groupTargets.computeIfAbsent(group, g -> new HashSet<>()).addAll(targets);
                launched.addAll(targets);
            }
        }

        private boolean decideOne(AssetKey asset, OptionalLong index, boolean waits) {
            AssetPartition target = index.isPresent()
                    ? AssetPartition.of(asset, readiness.space(asset).keyAt(index.getAsLong()))
                    : AssetPartition.whole(asset);
            if (input.active().contains(target) || input.active().contains(AssetPartition.whole(asset))) {
                active.add(target);
                return false;
            }
            Optional<Held> wait = waits ? readiness.inProgress(asset, index) : Optional.empty();
            if (wait.isEmpty()) {
                wait = readiness.check(asset, index);
            }
            wait.ifPresent(held::add);
            return wait.isEmpty();
        }

        private Launch launch(Group group, List<AssetKey> assets) {
            PartitionSpace space = readiness.space(assets.get(0));
            String what = group.indexes().isEmpty()
                    ? ""
                    : " " + space.subset(group.indexes()).keyRanges();
            String attempt = group.attempt() > 1
                    ? " (attempt " + group.attempt() + " of " + retry.maxAttempts() + ", after run " + group.failedRun()
                            + " failed)"
                    : "";
            LaunchRequest request = LaunchRequest.of(
                            assets,
                            space.subset(group.indexes()).keyRanges(),
                            "automation " + group.policy() + what + attempt)
                    .withTag(Launch.TRIGGER_TAG, group.policy());
            return group.attempt() > 1
                    ? request.withTag(Launch.TRIGGER_ATTEMPT_TAG, Integer.toString(group.attempt()))
                    : request;
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
