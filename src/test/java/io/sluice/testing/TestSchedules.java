package io.sluice.testing;

import io.sluice.automation.MisfirePolicy;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.ScheduleTarget;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.TimeWindowPartitions;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.LocalDate;

/** Schedules declared for tests, the way a user declares them beside the assets; all stopped by default. */
@Singleton
public class TestSchedules {

    /** Daily at 00:10 UTC, launching the day before of {@code test/daily}; SKIP misfires. */
    public static final String DAILY = "test_daily";
    /** The same with CATCH_UP 3. */
    public static final String CATCHING_UP = "test_daily_catch_up";
    /** Once a year (1 January, 00:00 UTC), so that Quartz never wakes it while tests run; on {@code test/flaky}. */
    public static final String YEARLY = "test_yearly";

    /** Once a year, on {@code test/after_flaky}: the test of Quartz's wake-ups sets one in the past to see it fire. */
    public static final String WAKING = "test_waking";

    /** Once a year, on {@code test/landed}: the automation page's test (each yearly schedule launches an asset of its own). */
    public static final String PAGE = "test_page";

    /** Once a year, on {@code test/flaky}: the metrics test records a tick of it to see its tick-age gauge. */
    public static final String METRICS = "test_metrics";

    public static final AssetKey DAILY_ASSET = AssetKey.parse("test/daily");

    static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));

    @Produces
    @Singleton
    ScheduleSpec daily() {
        return ScheduleSpec.of(DAILY, "10 0 * * *", "UTC", ScheduleTarget.of(DAILY_ASSET))
                .partitionedBy(DAYS);
    }

    @Produces
    @Singleton
    ScheduleSpec catchingUp() {
        return ScheduleSpec.of(CATCHING_UP, "10 0 * * *", "UTC", ScheduleTarget.of(DAILY_ASSET))
                .partitionedBy(DAYS)
                .withMisfire(MisfirePolicy.catchUp(3));
    }

    @Produces
    @Singleton
    ScheduleSpec yearly() {
        return ScheduleSpec.of(YEARLY, "0 0 1 1 *", "UTC", ScheduleTarget.of(AssetKey.parse("test/flaky")));
    }

    @Produces
    @Singleton
    ScheduleSpec waking() {
        return ScheduleSpec.of(WAKING, "0 0 1 1 *", "UTC", ScheduleTarget.of(AssetKey.parse("test/after_flaky")));
    }

    @Produces
    @Singleton
    ScheduleSpec page() {
        return ScheduleSpec.of(PAGE, "0 0 1 1 *", "UTC", ScheduleTarget.of(AssetKey.parse("test/landed")));
    }

    @Produces
    @Singleton
    ScheduleSpec metrics() {
        return ScheduleSpec.of(METRICS, "0 0 1 1 *", "UTC", ScheduleTarget.of(AssetKey.parse("test/flaky")));
    }
}
