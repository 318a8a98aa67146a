package io.sluice.automation;

import io.sluice.partitions.CronSchedule;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The instants at which a cron schedule ticks in a time zone. The cron is matched in local time; local fire times
 * become instants by Dagster's daylight-saving rule:
 * <ul>
 *   <li><b>gap</b> (clocks jump forward): a local fire time that does not exist fires at the first instant after the
 *   gap, the moment the clocks jump (02:30 on the Berlin spring-forward day fires at 03:00 CEST). Several fire times
 *   in one gap, and a fire time right at the end of it, fire once at that instant: an hourly schedule ticks at 01:00
 *   CET then 03:00 CEST, 23 ticks that day;</li>
 *   <li><b>overlap</b> (clocks go back): a local fire time that occurs twice fires once, at its first (earlier-offset)
 *   occurrence; during the repeated period itself nothing fires a second time, so an hourly schedule ticks at 02:00
 *   CEST then 03:00 CET, 24 ticks on a 25-hour day.</li>
 * </ul>
 * This differs from {@link io.sluice.partitions.TimeWindowPartitions}, whose windows keep the repeated hour as its
 * own partition: a partitioned schedule still launches it, because a tick covers every window completed since the
 * tick before it. Ticks strictly increase; everything is arithmetic on the cron, no clock is read.
 */
public final class ScheduleTicks {

    private final CronSchedule cron;
    private final ZoneId zone;
    private final ZoneRules rules;

    public ScheduleTicks(CronSchedule cron, ZoneId zone) {
        this.cron = Objects.requireNonNull(cron, "cron");
        this.zone = Objects.requireNonNull(zone, "zone");
        this.rules = zone.getRules();
    }

    /** The first tick strictly after {@code after}. */
    public Instant next(Instant after) {
        LocalDateTime local = LocalDateTime.ofInstant(after, zone);
        while (true) {
            local = cron.next(local);
            Instant tick = resolve(local);
            if (tick.isAfter(after)) {
                return tick;
            }
        }
    }

    /** The last tick at or before {@code at}. */
    public Instant latestAtOrBefore(Instant at) {
        Instant tick = resolve(cron.previous(LocalDateTime.ofInstant(at, zone).plusNanos(1)));
        for (Instant next = next(tick); !next.isAfter(at); next = next(tick)) {
            tick = next;
        }
        return tick;
    }

    /** The last tick strictly before {@code before}. */
    public Instant previous(Instant before) {
        return latestAtOrBefore(before.minusNanos(1));
    }

    /** The ticks in {@code (after, until]}, oldest first, at most {@code limit} of them. */
    public Ticks between(Instant after, Instant until, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit " + limit + " is negative");
        }
        List<Instant> found = new ArrayList<>();
        Instant tick = next(after);
        while (!tick.isAfter(until) && found.size() < limit) {
            found.add(tick);
            tick = next(tick);
        }
        return new Ticks(found, !tick.isAfter(until));
    }

    /** Ticks found, oldest first; {@code truncated} when more lay in the interval than the limit allowed. */
    public record Ticks(List<Instant> ticks, boolean truncated) {
        public Ticks {
            ticks = List.copyOf(ticks);
        }
    }

    /** A local fire time as an instant: the earlier offset in an overlap, the end of the gap in a gap. */
    private Instant resolve(LocalDateTime local) {
        ZoneOffsetTransition transition = rules.getTransition(local);
        if (transition != null && transition.isGap()) {
            return transition.getInstant();
        }
        return local.atZone(zone).toInstant();
    }

    public CronSchedule cron() {
        return cron;
    }

    public ZoneId zone() {
        return zone;
    }
}
