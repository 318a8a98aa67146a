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
 *   <li>{@link Missing}: the partitions that are not materialized within a window back from now.</li>
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

    /** The policy as users write it: {@code eager}, {@code on_cron(0 9 * * *, Europe/Berlin)}, {@code missing(P7D)}. */
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
}
