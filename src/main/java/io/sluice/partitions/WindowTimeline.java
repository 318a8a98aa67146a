package io.sluice.partitions;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The window boundaries of a cron schedule in a time zone, addressed by index with arithmetic.
 *
 * <p>The schedule's local fire times are numbered by {@link CronSchedule#firesBefore} ("ordinals"). Away
 * from daylight-saving transitions each ordinal is one boundary instant, so index and ordinal differ by a
 * constant. Around each transition a small region lists its boundary instants explicitly:
 * <ul>
 *   <li>gap (clocks jump forward by {@code g}): a fire time inside the gap takes the offset from before the
 *   gap (02:30 in a 02:00-03:00 gap fires at 03:30 new time, as {@code java.time} resolves it); fire times
 *   landing on the same instant count once, so hourly windows skip the missing hour;</li>
 *   <li>overlap (clocks go back by {@code h}): a fire time in the repeated period fires at the earlier offset,
 *   and again at the later offset when the previous fire time is at most {@code h} earlier, so hourly and
 *   finer schedules repeat the hour while daily and coarser ones fire once.</li>
 * </ul>
 * Only the ordinals {@code [low, high)} are resolved; index 0 is the boundary of ordinal {@code origin}.
 */
final class WindowTimeline {

    private static final long SCAN_MARGIN_SECONDS = 3 * 86_400L;

    private final CronSchedule schedule;
    private final ZoneRules rules;
    private final long low;
    private final long high;
    private final Region[] regions;
    /** Position (0 at ordinal {@code low}) of index 0. */
    private final long origin;

    private final long positions;
    private final long firstSecond;
    private final long lastSecond;

    /** Boundaries of fire ordinals {@code [from, to)} near a transition, and which are repeated local times. */
    private record Region(
            long from,
            long to,
            long[] starts,
            boolean[] repeated,
            long firstPosition,
            long lowSecond,
            long highSecond) {
        long endPosition() {
            return firstPosition + starts.length;
        }
    }

    private WindowTimeline(CronSchedule schedule, ZoneId zone, long originOrdinal, long low, long high) {
        this.schedule = schedule;
        this.rules = zone.getRules();
        List<Region> found;
        while (true) {
            found = regions(low, high);
            long wideLow = found.isEmpty() ? low : Math.min(low, found.get(0).from());
            long wideHigh = found.isEmpty()
                    ? high
                    : Math.max(high, found.get(found.size() - 1).to() + 1);
            if (wideLow == low && wideHigh == high) {
                break;
            }
            low = wideLow;
            high = wideHigh;
        }
        this.low = low;
        this.high = high;
        this.regions = positioned(found, low);
        this.positions = positionOfOrdinal(high);
        this.firstSecond = startSecond(0);
        this.lastSecond = startSecond(positions - 1);
        this.origin = floorPosition(resolveEarliest(schedule.fire(originOrdinal)));
    }

    /** Resolves ordinals {@code [low, high)} (and whole transition regions at the edges); index 0 is {@code origin}. */
    static WindowTimeline covering(CronSchedule schedule, ZoneId zone, long origin, long low, long high) {
        if (!(low <= origin && origin < high)) {
            throw new IllegalArgumentException("origin " + origin + " outside [" + low + ", " + high + ")");
        }
        return new WindowTimeline(schedule, zone, origin, low, high);
    }

    /** A few boundaries either side of {@code instant}; index 0 is at or just after it. */
    static WindowTimeline around(CronSchedule schedule, ZoneId zone, Instant instant) {
        long ordinal = schedule.firesAtOrBefore(LocalDateTime.ofInstant(instant, zone));
        return new WindowTimeline(schedule, zone, ordinal, ordinal - 16, ordinal + 16);
    }

    /** The smallest index whose start is resolved. */
    long lowIndex() {
        return -origin;
    }

    /** One past the largest index whose start is resolved. */
    long highIndex() {
        return positions - origin;
    }

    Instant start(long index) {
        return Instant.ofEpochSecond(startSecond(position(index)));
    }

    /** The local date-time at which window {@code index} starts (as a wall clock in the zone shows it). */
    LocalDateTime localStart(long index) {
        long position = position(index);
        Region region = regionAtPosition(position);
        if (region != null && position < region.endPosition()) {
            Instant start = Instant.ofEpochSecond(region.starts()[(int) (position - region.firstPosition())]);
            return LocalDateTime.ofEpochSecond(start.getEpochSecond(), 0, rules.getOffset(start));
        }
        return schedule.fire(region == null ? low + position : region.to() + (position - region.endPosition()));
    }

    /**
     * The index of the window that local fire time {@code ordinal} starts, when that fire time is away from every
     * transition (so it starts exactly one window); otherwise {@link Long#MIN_VALUE}.
     */
    long indexOfOrdinal(long ordinal) {
        if (ordinal < low || ordinal >= high) {
            return Long.MIN_VALUE;
        }
        int lo = 0;
        int hi = regions.length - 1;
        Region before = null;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (regions[mid].from() <= ordinal) {
                before = regions[mid];
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (before == null) {
            return ordinal - low - origin;
        }
        return ordinal < before.to() ? Long.MIN_VALUE : before.endPosition() + (ordinal - before.to()) - origin;
    }

    /** Whether the start of {@code index} is a local time that occurs twice and starts a window both times. */
    boolean repeated(long index) {
        long position = position(index);
        Region region = regionAtPosition(position);
        return region != null
                && position < region.endPosition()
                && region.repeated()[(int) (position - region.firstPosition())];
    }

    /**
     * The index of the last start at or before {@code instant}: exact inside the resolved range; below it
     * {@code lowIndex() - 1}; at or after the last resolved start {@code highIndex() - 1} (a lower bound).
     */
    long floorIndex(Instant instant) {
        long second = instant.getEpochSecond();
        if (second < firstSecond) {
            return lowIndex() - 1;
        }
        if (second >= lastSecond) {
            return highIndex() - 1;
        }
        return floorPosition(second) - origin;
    }

    /** The index of the first start at or after {@code instant}, saturating like {@link #floorIndex}. */
    long firstIndexAtOrAfter(Instant instant) {
        return floorIndex(instant.minusNanos(1)) + 1;
    }

    private long position(long index) {
        long position = index + origin;
        if (position < 0 || position >= positions) {
            throw new IllegalStateException(
                    "window " + index + " is outside the resolved range [" + lowIndex() + ", " + highIndex() + ")");
        }
        return position;
    }

    private long startSecond(long position) {
        Region region = regionAtPosition(position);
        if (region != null && position < region.endPosition()) {
            return region.starts()[(int) (position - region.firstPosition())];
        }
        long ordinal = region == null ? low + position : region.to() + (position - region.endPosition());
        LocalDateTime fire = schedule.fire(ordinal);
        return fire.toEpochSecond(rules.getOffset(fire));
    }

    private long floorPosition(long second) {
        Region region = regionAtSecond(second);
        if (region != null && second < region.highSecond()) {
            int count = upperBound(region.starts(), second);
            return region.firstPosition() + count - 1;
        }
        LocalDateTime local = LocalDateTime.ofEpochSecond(second, 0, rules.getOffset(Instant.ofEpochSecond(second)));
        long last = schedule.firesAtOrBefore(local) - 1;
        if (region == null) {
            return last - low;
        }
        return last >= region.to() ? region.endPosition() + (last - region.to()) : region.endPosition() - 1;
    }

    private long positionOfOrdinal(long ordinal) {
        Region before = null;
        for (Region region : regions) {
            if (region.from() < ordinal) {
                before = region;
            }
        }
        return before == null ? ordinal - low : before.endPosition() + (ordinal - before.to());
    }

    private Region regionAtPosition(long position) {
        int lo = 0;
        int hi = regions.length - 1;
        Region found = null;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (regions[mid].firstPosition() <= position) {
                found = regions[mid];
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    private Region regionAtSecond(long second) {
        int lo = 0;
        int hi = regions.length - 1;
        Region found = null;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (regions[mid].lowSecond() <= second) {
                found = regions[mid];
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** The instant of a local fire time: its only offset, the offset before a gap, or the earlier of an overlap. */
    private long resolveEarliest(LocalDateTime fire) {
        ZoneOffsetTransition transition = rules.getTransition(fire);
        return fire.toEpochSecond(transition == null ? rules.getOffset(fire) : transition.getOffsetBefore());
    }

    /** The regions of the transitions near fire ordinals {@code [low, high)}, with fires, in order, merged where they touch. */
    private List<Region> regions(long low, long high) {
        long from = approximateSecond(schedule.fire(low)) - SCAN_MARGIN_SECONDS;
        long to = approximateSecond(schedule.fire(high)) + SCAN_MARGIN_SECONDS;
        List<LocalDateTime[]> spans = new ArrayList<>();
        List<long[]> seconds = new ArrayList<>();
        for (ZoneOffsetTransition t = rules.nextTransition(Instant.ofEpochSecond(from));
                t != null && t.toEpochSecond() < to;
                t = rules.nextTransition(t.getInstant())) {
            LocalDateTime a = t.isGap() ? t.getDateTimeBefore() : t.getDateTimeAfter();
            LocalDateTime b = t.isGap() ? t.getDateTimeAfter().plus(t.getDuration()) : t.getDateTimeBefore();
            long lowSecond = a.toEpochSecond(t.getOffsetBefore());
            long highSecond = b.toEpochSecond(t.getOffsetAfter());
            int last = spans.size() - 1;
            if (last >= 0 && a.isBefore(spans.get(last)[1])) {
                spans.get(last)[1] = b.isAfter(spans.get(last)[1]) ? b : spans.get(last)[1];
                seconds.get(last)[1] = highSecond;
            } else {
                spans.add(new LocalDateTime[] {a, b});
                seconds.add(new long[] {lowSecond, highSecond});
            }
        }
        List<Region> regions = new ArrayList<>();
        for (int i = 0; i < spans.size(); i++) {
            long first = schedule.firesBefore(spans.get(i)[0]);
            long end = schedule.firesBefore(spans.get(i)[1]);
            if (first < end) {
                regions.add(region(first, end, seconds.get(i)[0], seconds.get(i)[1]));
            }
        }
        return regions;
    }

    private Region region(long from, long to, long lowSecond, long highSecond) {
        TreeMap<Long, Boolean> starts = new TreeMap<>();
        for (long ordinal = from; ordinal < to; ordinal++) {
            LocalDateTime fire = schedule.fire(ordinal);
            ZoneOffsetTransition transition = rules.getTransition(fire);
            if (transition == null) {
                starts.merge(fire.toEpochSecond(rules.getOffset(fire)), false, Boolean::logicalOr);
            } else if (transition.isGap()) {
                starts.merge(fire.toEpochSecond(transition.getOffsetBefore()), false, Boolean::logicalOr);
            } else {
                long repetition = transition.getDuration().abs().getSeconds();
                boolean repeats = !schedule.fire(ordinal - 1).isBefore(fire.minusSeconds(repetition));
                starts.merge(fire.toEpochSecond(transition.getOffsetBefore()), repeats, Boolean::logicalOr);
                if (repeats) {
                    starts.merge(fire.toEpochSecond(transition.getOffsetAfter()), true, Boolean::logicalOr);
                }
            }
        }
        long[] seconds = new long[starts.size()];
        boolean[] repeated = new boolean[starts.size()];
        int i = 0;
        for (Map.Entry<Long, Boolean> entry : starts.entrySet()) {
            seconds[i] = entry.getKey();
            repeated[i++] = entry.getValue();
        }
        return new Region(from, to, seconds, repeated, 0, lowSecond, highSecond);
    }

    private static Region[] positioned(List<Region> regions, long low) {
        Region[] out = new Region[regions.size()];
        long ordinal = low;
        long position = 0;
        for (int i = 0; i < out.length; i++) {
            Region r = regions.get(i);
            position += r.from() - ordinal;
            out[i] = new Region(r.from(), r.to(), r.starts(), r.repeated(), position, r.lowSecond(), r.highSecond());
            position += r.starts().length;
            ordinal = r.to();
        }
        return out;
    }

    private long approximateSecond(LocalDateTime local) {
        return local.toEpochSecond(rules.getOffset(local));
    }

    private static int upperBound(long[] sorted, long value) {
        int index = Arrays.binarySearch(sorted, value);
        return index >= 0 ? index + 1 : -index - 1;
    }
}
