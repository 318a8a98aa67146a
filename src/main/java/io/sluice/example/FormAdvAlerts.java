package io.sluice.example;

import io.sluice.alerts.AlertCause;
import io.sluice.alerts.AlertRule;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.Set;

/**
 * The example's alert rule, declared beside its assets as any user declares one: a CDI producer of {@link AlertRule}.
 * Failed runs and backfills, failed blocking checks, a late filing day and a lost node go to the built-in {@code log}
 * channel (the server's log, and the alerts page); add a Slack or webhook channel in configuration and name it here, or
 * on the alerts page.
 */
@Singleton
public class FormAdvAlerts {

    public static final String RULE = "form-adv-failures";

    @Produces
    @Singleton
    AlertRule failures() {
        return AlertRule.on(
                RULE,
                Set.of(
                        AlertCause.RUN_FAILED,
                        AlertCause.BACKFILL_FAILED,
                        AlertCause.BLOCKING_CHECK_FAILED,
                        AlertCause.FRESHNESS_VIOLATED,
                        AlertCause.NODE_LOST),
                "log");
    }
}
