package io.sluice.partitions;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Time windows {@code [start, end)} between consecutive fire times of a cron schedule, in a time zone.
 *
 * <p>Windows are defined in local time and are instants: the first starts at the first fire time at or after
 * {@code start}; with an {@code end}, the last is the last one that ends by it. Daylight saving follows
 * {@link CronSchedule#next(java.time.ZonedDateTime)}: in Europe/Berlin the daily window of 2024-03-31 lasts 23
 * hours and that of 2024-10-27 25; that spring day has 23 hourly windows (no {@code 02:00}) and the autumn day
 * 25, whose repeated hour is keyed {@code 2024-10-27-02:00+02:00} then {@code 2024-10-27-02:00+01:00}.
 *
 * <p>Keys are the local start formatted with {@code keyFormat}, a {@link java.time.format.DateTimeFormatter}
 * pattern: by default {@code yyyy-MM-dd} when the schedule fires once a day or less, else
 * {@code yyyy-MM-dd-HH:mm} (Dagster's formats). Only starts that occur twice in local time get their UTC
 * offset appended.
 *
 * <p>{@code endOffset} says which windows exist at an instant: 0 (the default) the windows that have ended;
 * 1 also the current, unfinished one; -1 all but the last ended one.
 */
public record TimeWindowPartitions(
        CronSchedule schedule,
        LocalDateTime start,
        Optional<LocalDateTime> end,
        ZoneId zone,
        String keyFormat,
        int endOffset)
        implements PartitionsDefinition {

    /** The largest end offset, and the largest offset of a {@link TimeWindowMapping}. */
    public static final int MAX_OFFSET = 1000;

    private static final int FORMAT_SAMPLE = 1000;
    private static final ZoneId UTC = ZoneId.of("UTC");

    public TimeWindowPartitions {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(keyFormat, "keyFormat");
        end.ifPresent(e -> {
            if (!e.isAfter(start)) {
                throw new IllegalArgumentException("end " + e + " must be after start " + start);
            }
        });
        if (Math.abs(endOffset) > MAX_OFFSET) {
            throw new IllegalArgumentException("end offset " + endOffset + " is beyond +-" + MAX_OFFSET);
        }
        checkKeyFormat(schedule, start, new KeyFormat(keyFormat));
    }

    /** Daily windows from midnight of {@code start}, in UTC. */
    public static TimeWindowPartitions daily(LocalDate start) {
        return of(CronSchedule.DAILY, start.atStartOfDay());
    }

    /** Hourly windows from {@code start}, in UTC. */
    public static TimeWindowPartitions hourly(LocalDateTime start) {
        return of(CronSchedule.HOURLY, start);
    }

    /** Weekly windows from Sunday to Sunday, the first on or after {@code start}, in UTC. */
    public static TimeWindowPartitions weekly(LocalDate start) {
        return of(CronSchedule.WEEKLY, start.atStartOfDay());
    }

    /** Calendar months, the first on or after {@code start}, in UTC. */
    public static TimeWindowPartitions monthly(LocalDate start) {
        return of(CronSchedule.MONTHLY, start.atStartOfDay());
    }

    /** Windows between the fire times of a cron expression, in UTC. */
    public static TimeWindowPartitions cron(String expression, LocalDateTime start) {
        return of(CronSchedule.parse(expression), start);
    }

    public static TimeWindowPartitions of(CronSchedule schedule, LocalDateTime start) {
        return new TimeWindowPartitions(schedule, start, Optional.empty(), UTC, defaultKeyFormat(schedule), 0);
    }

    /** {@code yyyy-MM-dd} for schedules that fire at most once a day, else {@code yyyy-MM-dd-HH:mm}. */
    public static String defaultKeyFormat(CronSchedule schedule) {
        return schedule.firesPerDay() == 1 ? KeyFormat.DATE : KeyFormat.DATE_TIME;
    }

    public TimeWindowPartitions withZone(ZoneId newZone) {
        return new TimeWindowPartitions(schedule, start, end, newZone, keyFormat, endOffset);
    }

    /** Windows end by midnight of {@code newEnd} (exclusive). */
    public TimeWindowPartitions withEnd(LocalDate newEnd) {
        return withEnd(newEnd.atStartOfDay());
    }

    public TimeWindowPartitions withEnd(LocalDateTime newEnd) {
        return new TimeWindowPartitions(schedule, start, Optional.of(newEnd), zone, keyFormat, endOffset);
    }

    public TimeWindowPartitions withEndOffset(int newEndOffset) {
        return new TimeWindowPartitions(schedule, start, end, zone, keyFormat, newEndOffset);
    }

    public TimeWindowPartitions withKeyFormat(String newKeyFormat) {
        return new TimeWindowPartitions(schedule, start, end, zone, newKeyFormat, endOffset);
    }

    @Override
    public boolean isPartitioned() {
        return true;
    }

    @Override
    public TimeWindowSpace at(Instant now) {
        return TimeWindowSpace.of(this, now);
    }

    /** A local date-time in the key format, for example the start for display. */
    public String format(LocalDateTime local) {
        return new KeyFormat(keyFormat).format(local, null);
    }

    @Override
    public String describe() {
        String cadence = schedule.cadence();
        return (cadence.equals("cron") ? "cron '" + schedule.expression() + "'" : cadence) + " from " + format(start)
                + end.map(e -> " to " + format(e)).orElse("") + " (" + zone.getId() + ")"
                + (endOffset == 0 ? "" : ", end offset " + endOffset);
    }

    /** Keys must be distinct, free of the dimension separator, and lead back to their window. */
    private static void checkKeyFormat(CronSchedule schedule, LocalDateTime start, KeyFormat format) {
        long first = schedule.firesBefore(start);
        Map<String, LocalDateTime> seen = new HashMap<>();
        for (long ordinal = first; ordinal < first + FORMAT_SAMPLE; ordinal++) {
            LocalDateTime fire = schedule.fire(ordinal);
            String key;
            try {
                key = format.format(fire, null);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(
                        "key format '" + format.pattern() + "' cannot format a local date-time: " + e.getMessage(), e);
            }
            if (key.isBlank() || key.contains(MultiPartitions.SEPARATOR)) {
                throw new IllegalArgumentException("key format '" + format.pattern() + "' gives the key '" + key
                        + "'; keys must not be blank or contain '" + MultiPartitions.SEPARATOR + "'");
            }
            LocalDateTime clash = seen.put(key, fire);
            if (clash != null) {
                throw new IllegalArgumentException("key format '" + format.pattern() + "' gives the windows starting "
                        + clash + " and " + fire + " the same key '" + key + "'");
            }
            long found = format.parse(key)
                    .map(p -> schedule.firesAtOrBefore(p.local()) - 1)
                    .orElse(Long.MIN_VALUE);
            if (found != ordinal && found + 1 != ordinal) {
                throw new IllegalArgumentException(
                        "key format '" + format.pattern() + "' does not lead back to the window: " + "the key '" + key
                                + "' of the window starting " + fire + " does not read back as that start");
            }
        }
    }
}
