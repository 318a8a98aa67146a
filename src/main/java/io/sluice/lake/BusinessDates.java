package io.sluice.lake;

import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindow;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.partitions.TimeWindowSpace;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The business dates {@code [from, until)} of one time-window partition of whole days (daily, weekly, monthly):
 * what a bi-temporal table's date column holds for the rows of that partition, so that the partition can be
 * rolled back on its own.
 */
public record BusinessDates(LocalDate from, LocalDate until) {

    public BusinessDates {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(until, "until");
        if (!from.isBefore(until)) {
            throw new IllegalArgumentException(
                    "business dates must end after they start: [" + from + ", " + until + ")");
        }
    }

    /** The days partition {@code key} covers, or empty if the partitions are not time windows from midnight to midnight. */
    public static Optional<BusinessDates> ofPartition(PartitionsDefinition partitions, String key, Instant now) {
        if (!(partitions instanceof TimeWindowPartitions windows)) {
            return Optional.empty();
        }
        TimeWindowSpace space = windows.at(now);
        OptionalLong index = space.indexOf(key);
        if (index.isEmpty()) {
            return Optional.empty();
        }
        TimeWindow window = space.window(index.getAsLong());
        ZonedDateTime start = window.start().atZone(windows.zone());
        ZonedDateTime end = window.end().atZone(windows.zone());
        if (!start.toLocalTime().equals(LocalTime.MIDNIGHT)
                || !end.toLocalTime().equals(LocalTime.MIDNIGHT)) {
            return Optional.empty();
        }
        return Optional.of(new BusinessDates(start.toLocalDate(), end.toLocalDate()));
    }
}
