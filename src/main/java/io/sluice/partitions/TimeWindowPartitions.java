package io.sluice.partitions;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Daily time windows {@code [day, day + 1)} in a time zone, from {@code start} (inclusive) to
 * {@code end} (exclusive, optional). A window exists once it has ended: today's window is not a
 * partition yet (end offset 0), as in Dagster.
 */
public record TimeWindowPartitions(LocalDate start, Optional<LocalDate> end, ZoneId zone) implements PartitionsDefinition {

    public static final DateTimeFormatter KEY_FORMAT = DateTimeFormatter.ISO_LOCAL_DATE;

    public TimeWindowPartitions {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(zone, "zone");
        end.ifPresent(e -> {
            if (!e.isAfter(start)) {
                throw new IllegalArgumentException("end " + e + " must be after start " + start);
            }
        });
    }

    public static TimeWindowPartitions daily(LocalDate start) {
        return new TimeWindowPartitions(start, Optional.empty(), ZoneId.of("UTC"));
    }

    public TimeWindowPartitions withEnd(LocalDate newEnd) {
        return new TimeWindowPartitions(start, Optional.of(newEnd), zone);
    }

    @Override
    public boolean isPartitioned() {
        return true;
    }

    /** Exclusive upper bound of the existing windows on {@code today}. */
    private LocalDate limit(LocalDate today) {
        return end.filter(e -> e.isBefore(today)).orElse(today);
    }

    @Override
    public Optional<String> validate(String key, LocalDate today) {
        LocalDate day;
        try {
            day = LocalDate.parse(key, KEY_FORMAT);
        } catch (DateTimeParseException e) {
            return Optional.of("'" + key + "' is not a daily partition key (expected yyyy-MM-dd)");
        }
        if (day.isBefore(start)) {
            return Optional.of("partition " + key + " is before the first partition " + start);
        }
        if (!day.isBefore(limit(today))) {
            return Optional.of("partition " + key + " does not exist yet (last is " + limit(today).minusDays(1) + ")");
        }
        return Optional.empty();
    }

    @Override
    public List<String> keys(LocalDate today) {
        List<String> keys = new ArrayList<>();
        for (LocalDate d = start; d.isBefore(limit(today)); d = d.plusDays(1)) {
            keys.add(d.format(KEY_FORMAT));
        }
        return keys;
    }

    @Override
    public String describe() {
        return "daily from " + start + end.map(e -> " to " + e).orElse("") + " (" + zone + ")";
    }
}
