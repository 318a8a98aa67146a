package io.sluice.automation;

import io.sluice.partitions.CronSchedule;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

/**
 * A schedule as declared beside the assets: a name, a standard five-field cron ({@link CronSchedule}; Quartz's
 * six/seven-field syntax is for a later adapter to translate), an IANA zone, a target, an optional time-window
 * partitioning (a partitioned schedule launches the partitions each tick completes, see {@link SchedulePlanner}),
 * a misfire policy and the status a fresh install starts with.
 */
public record ScheduleSpec(
        String name,
        CronSchedule cron,
        ZoneId zone,
        ScheduleTarget target,
        Optional<TimeWindowPartitions> partitions,
        MisfirePolicy misfire,
        AutomationStatus defaultStatus) {

    public ScheduleSpec {
        Names.check("schedule", name);
        Objects.requireNonNull(cron, "cron");
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(partitions, "partitions");
        Objects.requireNonNull(misfire, "misfire");
        Objects.requireNonNull(defaultStatus, "defaultStatus");
    }

    /** An unpartitioned schedule: cron in a zone (an IANA id such as {@code Europe/Berlin}), SKIP misfires, stopped. */
    public static ScheduleSpec of(String name, String cron, String zone, ScheduleTarget target) {
        return new ScheduleSpec(
                name,
                CronSchedule.parse(cron),
                zone(zone),
                target,
                Optional.empty(),
                MisfirePolicy.skip(),
                AutomationStatus.STOPPED);
    }

    public ScheduleSpec partitionedBy(TimeWindowPartitions definition) {
        return new ScheduleSpec(name, cron, zone, target, Optional.of(definition), misfire, defaultStatus);
    }

    public ScheduleSpec withMisfire(MisfirePolicy policy) {
        return new ScheduleSpec(name, cron, zone, target, partitions, policy, defaultStatus);
    }

    public ScheduleSpec withDefaultStatus(AutomationStatus status) {
        return new ScheduleSpec(name, cron, zone, target, partitions, misfire, status);
    }

    public ScheduleTicks ticks() {
        return new ScheduleTicks(cron, zone);
    }

    /** An IANA zone id; offsets such as {@code +02:00} and unknown ids are refused with a clear message. */
    static ZoneId zone(String id) {
        if (id == null || !id.contains("/") && !id.equals("UTC")) {
            throw new IllegalArgumentException(
                    "time zone '" + id + "' must be an IANA id such as Europe/Berlin or UTC");
        }
        try {
            return ZoneId.of(id);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "time zone '" + id + "' is not a known IANA id such as Europe/Berlin", e);
        }
    }
}
