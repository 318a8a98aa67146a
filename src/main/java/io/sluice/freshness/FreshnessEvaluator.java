package io.sluice.freshness;

import io.sluice.catalog.FreshnessPolicy;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pure decision of freshness: a policy, what was materialized and an instant give a {@link Freshness}. Nothing is
 * read here; the state's "since" comes from the last materialization, the age thresholds or the deadlines.
 *
 * <p>A partition deadline is evaluated only over the days whose deadline lies within {@code lookBack} before the
 * instant (and those in their warning ahead of it): an asset with 24 years of daily partitions never materialized is
 * late by a week's partitions, not by 8,000. A partition missing longer ago is no longer reported.
 *
 * <p>The deadline of day D is {@code ZonedDateTime.of(D + lagDays, at, zone)}: a local time that does not exist on a
 * spring-forward day (02:30 in a gap from 02:00 to 03:00) is moved later by the length of the gap (03:30, the rule of
 * {@link ZonedDateTime#of}); one that occurs twice on a fall-back day is the earlier of the two.
 */
public final class FreshnessEvaluator {

    /** The look-back of partition deadlines unless configured ({@code sluice.freshness.look-back}). */
    public static final Duration DEFAULT_LOOK_BACK = Duration.ofDays(7);

    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private FreshnessEvaluator() {}

    /**
     * The freshness of an asset under its policy at {@code now}: {@code last} is its latest materialization (of any
     * partition), {@code materialized} when each of its partitions holding data was last materialized.
     */
    public static Freshness evaluate(
            FreshnessPolicy policy,
            PartitionsDefinition partitions,
            Optional<Instant> last,
            Map<String, Instant> materialized,
            Instant now,
            Duration lookBack) {
        if (policy instanceof FreshnessPolicy.MaxAge maxAge) {
            return maxAge(maxAge, last, now);
        }
        FreshnessPolicy.PartitionDeadline deadline = (FreshnessPolicy.PartitionDeadline) policy;
        if (!(partitions instanceof TimeWindowPartitions windows)) {
            throw new IllegalArgumentException("a partition deadline needs daily partitions");
        }
        return deadline(deadline, windows, materialized, now, lookBack);
    }

    /** FRESH until {@code warnAfter} after the last materialization, WARNING until {@code staleAfter}, then STALE. */
    public static Freshness maxAge(FreshnessPolicy.MaxAge policy, Optional<Instant> last, Instant now) {
        if (last.isEmpty()) {
            return new Freshness(FreshnessState.STALE, now, "never materialized", List.of());
        }
        Instant at = last.get();
        Instant warnFrom = at.plus(policy.warnAfter());
        Instant staleFrom = at.plus(policy.staleAfter());
        String age = "last materialized at " + at;
        if (!now.isBefore(staleFrom)) {
            return new Freshness(
                    FreshnessState.STALE, staleFrom, age + ", more than " + policy.staleAfter() + " ago", List.of());
        }
        if (!now.isBefore(warnFrom)) {
            return new Freshness(
                    FreshnessState.WARNING, warnFrom, age + ", more than " + policy.warnAfter() + " ago", List.of());
        }
        return new Freshness(FreshnessState.FRESH, at, age, List.of());
    }

    /** When the partition of {@code day} is due: {@code at} in the zone, {@code lagDays} after the day. */
    public static Instant deadline(FreshnessPolicy.PartitionDeadline policy, LocalDate day) {
        return ZonedDateTime.of(day.plusDays(policy.lagDays()), policy.at(), policy.zone())
                .toInstant();
    }

    /**
     * Each day whose deadline lies in {@code (now - lookBack, now]}, or later but within its warning: FRESH when its
     * partition holds data, else STALE after the deadline and WARNING before it. The asset is the worst of them; with
     * none due it is FRESH.
     */
    public static Freshness deadline(
            FreshnessPolicy.PartitionDeadline policy,
            TimeWindowPartitions partitions,
            Map<String, Instant> materialized,
            Instant now,
            Duration lookBack) {
        Instant floor = now.minus(lookBack);
        LocalDate day = now.plus(policy.warnBefore())
                .atZone(policy.zone())
                .toLocalDate()
                .minusDays(policy.lagDays())
                .plusDays(1);
        LocalDate first = partitions.start().toLocalDate().minusDays(1);
        List<PartitionFreshness> found = new ArrayList<>();
        for (; day.isAfter(first); day = day.minusDays(1)) {
            Instant due = deadline(policy, day);
            if (!due.isAfter(floor)) {
                break;
            }
            Instant warnFrom = due.minus(policy.warnBefore());
            if (warnFrom.isAfter(now)) {
                continue;
            }
            Optional<String> key = key(partitions, day);
            if (key.isEmpty()) {
                continue;
            }
            Instant at = materialized.get(key.get());
            if (at != null) {
                found.add(new PartitionFreshness(key.get(), FreshnessState.FRESH, at, due));
            } else if (!now.isBefore(due)) {
                found.add(new PartitionFreshness(key.get(), FreshnessState.STALE, due, due));
            } else {
                found.add(new PartitionFreshness(key.get(), FreshnessState.WARNING, warnFrom, due));
            }
        }
        Collections.reverse(found);
        return summary(policy, found, floor);
    }

    private static Freshness summary(
            FreshnessPolicy.PartitionDeadline policy, List<PartitionFreshness> partitions, Instant floor) {
        List<PartitionFreshness> late = of(partitions, FreshnessState.STALE);
        List<PartitionFreshness> warning = of(partitions, FreshnessState.WARNING);
        if (!late.isEmpty()) {
            PartitionFreshness oldest = late.get(0);
            String detail = late.size() + (late.size() == 1 ? " partition" : " partitions")
                    + " missing after the deadline (the oldest " + oldest.partition() + ", due " + shown(policy, oldest)
                    + ")" + (warning.isEmpty() ? "" : "; " + warning.size() + " due soon");
            return new Freshness(FreshnessState.STALE, earliest(late), detail, partitions);
        }
        if (!warning.isEmpty()) {
            PartitionFreshness next = warning.get(0);
            String detail = "partition " + next.partition() + " is missing and due " + shown(policy, next)
                    + (warning.size() > 1 ? " (" + warning.size() + " due soon)" : "");
            return new Freshness(FreshnessState.WARNING, earliest(warning), detail, partitions);
        }
        Instant since = partitions.stream()
                .map(PartitionFreshness::since)
                .max(Comparator.naturalOrder())
                .orElse(floor);
        String detail = partitions.isEmpty()
                ? "no partition was due within the look-back"
                : "every partition due within the look-back exists (" + partitions.size() + ")";
        return new Freshness(FreshnessState.FRESH, since, detail, partitions);
    }

    private static List<PartitionFreshness> of(List<PartitionFreshness> partitions, FreshnessState state) {
        return partitions.stream().filter(p -> p.state() == state).toList();
    }

    private static Instant earliest(List<PartitionFreshness> partitions) {
        return partitions.stream()
                .map(PartitionFreshness::since)
                .min(Comparator.naturalOrder())
                .orElseThrow();
    }

    private static String shown(FreshnessPolicy.PartitionDeadline policy, PartitionFreshness p) {
        return SHOWN.format(p.deadline().atZone(policy.zone())) + " "
                + policy.zone().getId();
    }

    /** The key of the window that starts on {@code day}, if one does within the partitions' start and end. */
    static Optional<String> key(TimeWindowPartitions partitions, LocalDate day) {
        LocalDateTime start = partitions.schedule().next(day.atStartOfDay().minusMinutes(1));
        if (!start.toLocalDate().equals(day) || start.isBefore(partitions.start())) {
            return Optional.empty();
        }
        if (partitions.end().isPresent() && !start.isBefore(partitions.end().get())) {
            return Optional.empty();
        }
        return Optional.of(partitions.format(start));
    }
}
