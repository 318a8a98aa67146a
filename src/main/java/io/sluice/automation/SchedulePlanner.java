package io.sluice.automation;

import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.partitions.TimeWindowSpace;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a schedule does when it is evaluated at {@code now}, given its cursor (the last tick it handled, or the instant
 * it was started): which due ticks fire and with what launch, which are recorded as missed, and the new cursor. Pure.
 *
 * <p>Due ticks are those in {@code (cursor, now]}. The misfire policy picks the ones that fire: {@link
 * MisfirePolicy.Skip} the latest only, {@link MisfirePolicy.CatchUp} the newest {@code maxTicks}; they fire oldest
 * first and the rest are summarised as {@link MissedTicks}. The new cursor is the latest due tick, so that the fired
 * ticks, the missed ones and the cursor are persisted together and no tick is handled twice.
 *
 * <p>A <b>partitioned</b> schedule launches at tick {@code T} the windows that ended in {@code (P, T]}, {@code P} the
 * schedule's tick before {@code T}: a daily tick at 00:10 launches yesterday, an hourly tick at :05 the hour before, a
 * daily tick over hourly partitions the day's 24 (23, 25) hours. One window is one run; several are one backfill over
 * their range; none (the partitions have not started, or have ended) is a tick skipped with the reason.
 */
public final class SchedulePlanner {

    /** How many missed ticks are counted one by one before the count is given as a lower bound. */
    static final int COUNT_LIMIT = 10_000;

    private SchedulePlanner() {}

    /** A due tick that fires: its launch, or the reason it launches nothing. */
    public record DueTick(Instant tick, Optional<Launch> launch, String skipReason) {
        public DueTick {
            skipReason = skipReason == null ? "" : skipReason;
            if (launch.isPresent() == !skipReason.isEmpty()) {
                throw new IllegalArgumentException("a due tick either launches or says why not");
            }
        }

        /** The tick as history keeps it, once the adapter has launched (the ids it got back) or not. */
        public TickOutcome recorded(List<String> runIds, List<String> backfillIds) {
            return launch.isPresent()
                    ? new TickOutcome.Launched(runIds, backfillIds)
                    : new TickOutcome.Skipped(skipReason);
        }
    }

    /** Due ticks that did not fire because of the misfire policy: oldest, newest, and how many ({@code atLeast}: more). */
    public record MissedTicks(Instant first, Instant last, long count, boolean atLeast, String reason) {

        /** One skipped entry for tick history, at the newest missed tick, saying how many it stands for. */
        public TickOutcome recorded() {
            return new TickOutcome.Skipped(reason + " (" + (atLeast ? "at least " : "") + count + " ticks from " + first
                    + " to " + last + ")");
        }
    }

    public record Evaluation(List<DueTick> fired, Optional<MissedTicks> missed, Instant cursor) {
        public Evaluation {
            fired = List.copyOf(fired);
        }
    }

    public static Evaluation evaluate(ScheduleSpec spec, Instant cursor, Instant now) {
        ScheduleTicks ticks = spec.ticks();
        Instant latest = ticks.latestAtOrBefore(now);
        if (!latest.isAfter(cursor)) {
            return new Evaluation(List.of(), Optional.empty(), cursor);
        }
        Deque<Instant> firing = new ArrayDeque<>();
        for (Instant tick = latest;
                tick.isAfter(cursor) && firing.size() < spec.misfire().maxTicks();
                tick = ticks.previous(tick)) {
            firing.addFirst(tick);
        }
        List<DueTick> fired = new ArrayList<>();
        for (Instant tick : firing) {
            fired.add(fire(spec, ticks, tick));
        }
        Optional<MissedTicks> missed = Optional.empty();
        Instant oldestFired = firing.getFirst();
        ScheduleTicks.Ticks older = ticks.between(cursor, oldestFired.minusNanos(1), COUNT_LIMIT);
        if (!older.ticks().isEmpty()) {
            String reason = spec.misfire() instanceof MisfirePolicy.CatchUp c
                    ? "missed: more than " + c.maxTicks() + " ticks were due (misfire policy CATCH_UP " + c.maxTicks()
                            + ")"
                    : "missed: misfire policy SKIP fires only the latest due tick";
            missed = Optional.of(new MissedTicks(
                    older.ticks().get(0),
                    ticks.previous(oldestFired),
                    older.ticks().size(),
                    older.truncated(),
                    reason));
        }
        return new Evaluation(fired, missed, latest);
    }

    private static DueTick fire(ScheduleSpec spec, ScheduleTicks ticks, Instant tick) {
        Map<String, String> tags = Map.of(Launch.SCHEDULE_TAG, spec.name(), Launch.TICK_TAG, tick.toString());
        if (spec.partitions().isEmpty()) {
            return new DueTick(
                    tick, Optional.of(tagged(spec.target().run(List.of(), "schedule " + spec.name()), tags)), "");
        }
        PartitionSubset keys = completed(spec.partitions().get(), ticks.previous(tick), tick);
        if (keys.isEmpty()) {
            return new DueTick(
                    tick,
                    Optional.empty(),
                    "no partition of " + spec.partitions().get().describe() + " ended since the previous tick");
        }
        PartitionKeyRange range = keys.keyRanges().get(0);
        String why = "schedule " + spec.name() + ": partitions " + range;
        Launch launch = keys.count() == 1
                ? spec.target().run(List.of(range), why)
                : spec.target().backfill(List.of(range), why);
        return new DueTick(tick, Optional.of(tagged(launch, tags)), "");
    }

    /** The windows that ended in {@code (previous, tick]}: one contiguous range of the space at {@code tick}. */
    static PartitionSubset completed(TimeWindowPartitions definition, Instant previous, Instant tick) {
        TimeWindowSpace now = definition.at(tick);
        return now.subset(IndexRanges.of(Math.min(definition.at(previous).size(), now.size()), now.size()));
    }

    private static Launch tagged(Launch launch, Map<String, String> tags) {
        Launch out = launch;
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            out = out.withTag(tag.getKey(), tag.getValue());
        }
        return out;
    }
}
