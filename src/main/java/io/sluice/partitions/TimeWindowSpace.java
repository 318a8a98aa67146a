package io.sluice.partitions;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The time windows of a {@link TimeWindowPartitions} that exist at one instant. Index {@code i} is the
 * {@code i}-th window since the start, so indexes do not change as time passes; key, index, window and instant
 * convert into each other by arithmetic, in constant time.
 */
public final class TimeWindowSpace implements PartitionSpace {

    /** Windows resolved beyond both ends, so that mappings can shift by up to {@link TimeWindowPartitions#MAX_OFFSET}. */
    static final int PAD = TimeWindowPartitions.MAX_OFFSET + 100;

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm");

    private final TimeWindowPartitions definition;
    private final KeyFormat format;
    private final ZoneRules rules;
    private final WindowTimeline timeline;
    private final long size;
    /** Windows that end by the definition's end, or {@code Long.MAX_VALUE}. */
    private final long endCount;

    private TimeWindowSpace(TimeWindowPartitions definition, WindowTimeline timeline, Instant now) {
        this.definition = definition;
        this.format = new KeyFormat(definition.keyFormat());
        this.rules = definition.zone().getRules();
        this.timeline = timeline;
        this.endCount = definition
                .end()
                .map(e -> Math.max(0, floorIndex(e.atZone(definition.zone()).toInstant())))
                .orElse(Long.MAX_VALUE);
        long ended = Math.max(0, floorIndex(now) + definition.endOffset());
        this.size = Math.min(ended, endCount);
    }

    static TimeWindowSpace of(TimeWindowPartitions definition, Instant now) {
        Objects.requireNonNull(now, "now");
        CronSchedule schedule = definition.schedule();
        long origin = schedule.firesBefore(definition.start());
        long last = schedule.firesAtOrBefore(LocalDateTime.ofInstant(now, definition.zone()));
        if (definition.end().isPresent()) {
            last = Math.min(last, schedule.firesBefore(definition.end().get()));
        }
        long low = origin - PAD - 2;
        long high = Math.max(origin, last + Math.max(0, definition.endOffset())) + PAD + 2;
        while (true) {
            WindowTimeline timeline = WindowTimeline.covering(schedule, definition.zone(), origin, low, high);
            TimeWindowSpace space = new TimeWindowSpace(definition, timeline, now);
            long missingBelow = timeline.lowIndex() + PAD;
            long missingAbove = space.size + PAD + 1 - timeline.highIndex();
            if (missingBelow <= 0 && missingAbove <= 0) {
                return space;
            }
            low -= Math.max(0, missingBelow) + PAD;
            high += Math.max(0, missingAbove) + PAD;
        }
    }

    @Override
    public TimeWindowPartitions definition() {
        return definition;
    }

    @Override
    public long size() {
        return size;
    }

    public TimeWindow window(long index) {
        checkIndex(index);
        return new TimeWindow(timeline.start(index), timeline.start(index + 1));
    }

    /** The existing window that contains {@code instant}. */
    public OptionalLong indexOf(Instant instant) {
        long index = floorIndex(instant);
        return index >= 0 && index < size ? OptionalLong.of(index) : OptionalLong.empty();
    }

    /** The existing windows that overlap {@code [from, to)}. */
    public PartitionSubset overlapping(Instant from, Instant to) {
        long first = Math.max(0, floorIndex(from));
        long end = Math.min(size, firstIndexAtOrAfter(to));
        return subset(first < end ? IndexRanges.of(first, end) : IndexRanges.empty());
    }

    @Override
    public String keyAt(long index) {
        checkIndex(index);
        return key(index);
    }

    @Override
    public OptionalLong indexOf(String key) {
        Optional<KeyFormat.ParsedKey> parsed = format.parse(key);
        if (parsed.isEmpty()) {
            return OptionalLong.empty();
        }
        long floor = floorOf(parsed.get());
        for (long candidate = floor; candidate <= floor + 1; candidate++) {
            if (candidate >= 0 && candidate < size && key(candidate).equals(key)) {
                return OptionalLong.of(candidate);
            }
        }
        return OptionalLong.empty();
    }

    @Override
    public Optional<String> validate(String key) {
        Optional<KeyFormat.ParsedKey> parsed = format.parse(key);
        if (parsed.isEmpty()) {
            return Optional.of("'" + key + "' is not a " + cadence() + " partition key (expected " + format.pattern()
                    + ", like " + key(0) + ")");
        }
        if (indexOf(key).isPresent()) {
            return Optional.empty();
        }
        LocalDateTime local = parsed.get().local();
        Instant approximate = approximate(parsed.get());
        long floor = floorIndex(approximate);
        if (approximate.isBefore(timeline.start(0))) {
            return Optional.of("partition " + key + " is before the first partition " + key(0));
        }
        if (floor >= size) {
            if (floor >= endCount) {
                return Optional.of("partition " + key + " is after the last partition"
                        + (endCount > 0 ? " " + key(endCount - 1) : "") + " (the partitions end at "
                        + definition.format(definition.end().orElseThrow()) + ")");
            }
            return Optional.of("partition " + key + " does not exist yet ("
                    + (size > 0 ? "last is " + key(size - 1) : "the first, " + key(0) + ", has not ended yet") + ")");
        }
        ZoneOffsetTransition transition = rules.getTransition(local);
        if (parsed.get().offset().isEmpty()
                && transition != null
                && definition.schedule().matches(local)) {
            if (transition.isGap()) {
                return Optional.of(
                        "'" + key + "' does not exist: in " + definition.zone().getId() + " the clocks skip from "
                                + transition.getDateTimeBefore().format(CLOCK) + " to "
                                + transition.getDateTimeAfter().format(CLOCK)
                                + " on " + local.toLocalDate());
            }
            String earlier = format.format(local, transition.getOffsetBefore());
            String later = format.format(local, transition.getOffsetAfter());
            if (indexOf(earlier).isPresent() || indexOf(later).isPresent()) {
                return Optional.of("'" + key + "' is ambiguous: " + local.toLocalTime() + " occurs twice in "
                        + definition.zone().getId() + " on " + local.toLocalDate() + "; use " + earlier + " or "
                        + later);
            }
        }
        return Optional.of("'" + key + "' is not the start of a " + cadence() + " partition (the nearest are "
                + key(Math.max(0, floor)) + " and " + key(Math.max(0, floor) + 1) + ")");
    }

    /** The start of window {@code index}, for any index within {@link #PAD} windows of the existing ones. */
    Instant boundary(long index) {
        return timeline.start(index);
    }

    /** The last window starting at or before {@code instant}, saturating {@link #PAD} windows beyond both ends. */
    long floorIndex(Instant instant) {
        return timeline.floorIndex(instant);
    }

    /** The first window starting at or after {@code instant}, saturating like {@link #floorIndex}. */
    long firstIndexAtOrAfter(Instant instant) {
        return timeline.firstIndexAtOrAfter(instant);
    }

    private String key(long index) {
        LocalDateTime local = timeline.localStart(index);
        return format.format(local, timeline.repeated(index) ? rules.getOffset(timeline.start(index)) : null);
    }

    /** The window a parsed key falls in: by local-time arithmetic away from transitions, else through its instant. */
    private long floorOf(KeyFormat.ParsedKey parsed) {
        if (parsed.offset().isEmpty()) {
            long index = timeline.indexOfOrdinal(definition.schedule().firesAtOrBefore(parsed.local()) - 1);
            if (index != Long.MIN_VALUE) {
                return index;
            }
        }
        return floorIndex(approximate(parsed));
    }

    /** The instant a parsed key names: its offset if it has one, else the earlier offset or the one before a gap. */
    private Instant approximate(KeyFormat.ParsedKey parsed) {
        return parsed.offset()
                .map(o -> parsed.local().toInstant(o))
                .orElseGet(() -> parsed.local().atZone(definition.zone()).toInstant());
    }

    private String cadence() {
        String cadence = definition.schedule().cadence();
        return cadence.equals("cron") ? "cron '" + definition.schedule().expression() + "'" : cadence;
    }

    private void checkIndex(long index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(
                    "partition " + index + " of " + size + " (" + definition.describe() + ")");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimeWindowSpace other && definition.equals(other.definition) && size == other.size;
    }

    @Override
    public int hashCode() {
        return Objects.hash(definition, size);
    }

    @Override
    public String toString() {
        return definition.describe() + ": " + size + " partitions";
    }
}
