package io.sluice.catalog;

import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Objects;

/**
 * How fresh an asset must be, declared with {@link AssetSpec.Builder#freshness}: {@link MaxAge} ("updated at least every
 * N hours") or {@link PartitionDeadline} ("the partition for day D exists by HH:MM in zone Z, lag days later"). A value
 * of the catalog, so that the catalog knows nothing of runs; {@code io.sluice.freshness} evaluates it.
 */
public sealed interface FreshnessPolicy {

    /** The policy in one sentence, for the API and the pages. */
    String describe();

    /**
     * The asset (for a partitioned asset: any of its partitions) was materialized within {@code warnAfter} (else a
     * warning) and within {@code staleAfter} (else stale).
     */
    static MaxAge maxAge(Duration warnAfter, Duration staleAfter) {
        return new MaxAge(warnAfter, staleAfter);
    }

    /**
     * The partition of day D of a daily partitioned asset is materialized by {@code at} in {@code zone} on day
     * D + {@code lagDays}; a warning from {@code warnBefore} before that deadline while it is missing.
     */
    static PartitionDeadline partitionDeadline(LocalTime at, ZoneId zone, int lagDays, Duration warnBefore) {
        return new PartitionDeadline(at, zone, lagDays, warnBefore);
    }

    record MaxAge(Duration warnAfter, Duration staleAfter) implements FreshnessPolicy {
        public MaxAge {
            Objects.requireNonNull(warnAfter, "warnAfter");
            Objects.requireNonNull(staleAfter, "staleAfter");
            if (warnAfter.isNegative() || warnAfter.isZero()) {
                throw new IllegalArgumentException("a freshness warning age must be positive, not " + warnAfter);
            }
            if (staleAfter.compareTo(warnAfter) < 0) {
                throw new IllegalArgumentException("a freshness stale age (" + staleAfter
                        + ") must not be shorter than its warning age (" + warnAfter + ")");
            }
        }

        @Override
        public String describe() {
            return "materialized at least every " + text(staleAfter) + " (a warning after " + text(warnAfter) + ")";
        }
    }

    record PartitionDeadline(LocalTime at, ZoneId zone, int lagDays, Duration warnBefore) implements FreshnessPolicy {

        /** The largest lag in days. */
        public static final int MAX_LAG_DAYS = 366;

        public PartitionDeadline {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(zone, "zone");
            Objects.requireNonNull(warnBefore, "warnBefore");
            if (lagDays < 0 || lagDays > MAX_LAG_DAYS) {
                throw new IllegalArgumentException(
                        "a partition deadline's lag must be between 0 and " + MAX_LAG_DAYS + " days, not " + lagDays);
            }
            if (warnBefore.isNegative()) {
                throw new IllegalArgumentException(
                        "a partition deadline's warning must not be negative: " + warnBefore);
            }
        }

        @Override
        public String describe() {
            String day = switch (lagDays) {
                case 0 -> "the same day";
                case 1 -> "the next day";
                default -> lagDays + " days later";
            };
            return "the partition of each day exists by " + at + " " + zone.getId() + " " + day
                    + (warnBefore.isZero() ? "" : " (a warning " + text(warnBefore) + " before)");
        }

        /** Refuses, with a sentence, a deadline on an asset whose partitions are not daily time windows. */
        void checkApplies(AssetKey asset, PartitionsDefinition partitions) {
            if (!(partitions instanceof TimeWindowPartitions t)
                    || !t.schedule().cadence().equals("daily")) {
                throw new IllegalArgumentException("asset " + asset
                        + " declares a partition deadline but is not partitioned by day (daily time windows): "
                        + "use FreshnessPolicy.maxAge for it");
            }
        }
    }

    private static String text(Duration d) {
        if (d.toMinutesPart() == 0 && d.toSecondsPart() == 0 && d.toHours() > 0) {
            return d.toHours() % 24 == 0
                    ? d.toDays() + (d.toDays() == 1 ? " day" : " days")
                    : d.toHours() + (d.toHours() == 1 ? " hour" : " hours");
        }
        if (d.toSecondsPart() == 0) {
            return d.toMinutes() + (d.toMinutes() == 1 ? " minute" : " minutes");
        }
        return d.toSeconds() + " seconds";
    }
}
