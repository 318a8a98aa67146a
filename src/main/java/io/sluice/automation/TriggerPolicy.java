package io.sluice.automation;

import io.sluice.partitions.CronSchedule;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;

/**
 * When an asset is materialized on its own, declared per asset (Dagster's declarative automation):
 * <ul>
 *   <li>{@link Eager}: when upstream partitions are materialized, the downstream partitions mapped to them, once all
 *   of their upstream partitions are in;</li>
 *   <li>{@link OnCron}: once per cron tick, after every upstream has been updated since that tick;</li>
 *   <li>{@link Missing}: the partitions that are not materialized within a window back from now;</li>
 *   <li>{@link OnLate}: what the asset's freshness policy says is late or due soon (WARNING or STALE): under a
 *   partition deadline those partitions, under a maximum age the asset (its newest partition if partitioned).</li>
 * </ul>
 * Under every policy a failed blocking check upstream holds the partitions that read it, and a partition already
 * queued or running is not launched again. See {@link TriggerEvaluator}.
 */
public sealed interface TriggerPolicy {

    static Eager eager() {
        return new Eager();
    }

    static OnCron onCron(String cron, String zone) {
        return new OnCron(CronSchedule.parse(cron), ScheduleSpec.zone(zone));
    }

    static Missing missing(Duration window) {
        return new Missing(window);
    }

    /**
     * When the asset's freshness policy ({@code AssetSpec.Builder#freshness}) says it is late or due soon; the asset
     * must declare one.
     */
    static OnLate onLate() {
        return new OnLate();
    }

    /**
     * The policy as users write it: {@code eager}, {@code on_cron(0 9 * * *, Europe/Berlin)}, {@code missing(P7D)},
     * {@code on_late}.
     */
    String describe();

    record Eager() implements TriggerPolicy {
        @Override
        public String describe() {
            return "eager";
        }
    }

    record OnCron(CronSchedule cron, ZoneId zone) implements TriggerPolicy {
        public OnCron {
            Objects.requireNonNull(cron, "cron");
            Objects.requireNonNull(zone, "zone");
        }

        public ScheduleTicks ticks() {
            return new ScheduleTicks(cron, zone);
        }

        @Override
        public String describe() {
            return "on_cron(" + cron.expression() + ", " + zone.getId() + ")";
        }
    }

    /** Time-window partitions overlapping {@code [now - window, now)}; every partition of other kinds; the asset if unpartitioned. */
    record Missing(Duration window) implements TriggerPolicy {
        public Missing {
            Objects.requireNonNull(window, "window");
            if (window.isNegative() || window.isZero()) {
                throw new IllegalArgumentException("a missing() window must be positive, not " + window);
            }
        }

        @Override
        public String describe() {
            return "missing(" + window + ")";
        }
    }

    /**
     * The partitions the asset's freshness policy finds WARNING or STALE (a partition deadline: each partition due soon
     * or late within the look-back; a maximum age: the asset, its newest partition if partitioned), when their upstreams
     * are in. Its runs are followed and retried like eager ones; after the last attempt fails a partition is not
     * launched again while it stays late.
     */
    record OnLate() implements TriggerPolicy {
        @Override
        public String describe() {
            return "on_late";
        }
    }
}
