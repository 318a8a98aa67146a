package io.sluice.example;

import io.sluice.automation.AutomationStatus;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.ScheduleTarget;
import io.sluice.catalog.AssetKey;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The example's schedule, declared beside its assets as any user declares one: a CDI producer of {@link ScheduleSpec}.
 * Every day at 00:10 UTC it lands the filing day that has just ended into extract and raw (one run over that day's
 * partition). It is declared stopped, so that a fresh install starts no work until someone switches it on
 * ({@code POST /api/schedules/form_adv_daily/start}, or the toggle on {@code /automation}).
 */
@Singleton
public class FormAdvSchedules {

    public static final String DAILY = "form_adv_daily";

    @Produces
    @Singleton
    ScheduleSpec filingDays() {
        return ScheduleSpec.of(
                        DAILY,
                        "10 0 * * *",
                        "UTC",
                        ScheduleTarget.of(
                                AssetKey.parse("extract/form_adv_filings"), AssetKey.parse("raw/form_adv_filings")))
                .partitionedBy(FormAdvTables.FILING_DAYS)
                .withDefaultStatus(AutomationStatus.STOPPED);
    }
}
