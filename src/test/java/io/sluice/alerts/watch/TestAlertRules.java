package io.sluice.alerts.watch;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.alerts.AlertCause;
import io.sluice.alerts.AlertRule;
import io.sluice.alerts.AssetSelection;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Set;

/** The rules of alerting's tests (only in {@code AlertingProfile}): one per family of causes, on the test channels. */
@Singleton
public class TestAlertRules {

    @Produces
    @Singleton
    @LookupIfProperty(name = "sluice.test.alerts", stringValue = "true")
    AlertRule failures() {
        return AlertRule.on(
                        "t-failures",
                        Set.of(
                                AlertCause.RUN_FAILED,
                                AlertCause.BLOCKING_CHECK_FAILED,
                                AlertCause.WARNING_CHECK_FAILED,
                                AlertCause.ROW_COUNT_ANOMALY),
                        "hook",
                        "chat")
                .forAssets(new AssetSelection(
                        Set.of("test/flaky", "transform/form_adv_firm_ownership"), Set.of("alerttest")));
    }

    @Produces
    @Singleton
    @LookupIfProperty(name = "sluice.test.alerts", stringValue = "true")
    AlertRule backfills() {
        return AlertRule.on("t-backfills", Set.of(AlertCause.BACKFILL_FINISHED, AlertCause.BACKFILL_FAILED), "hook")
                .forAssets(AssetSelection.groups("alerttest"));
    }

    @Produces
    @Singleton
    @LookupIfProperty(name = "sluice.test.alerts", stringValue = "true")
    AlertRule longRuns() {
        return AlertRule.runsLongerThan("t-long", Duration.ofMinutes(30), "hook")
                .forAssets(AssetSelection.groups("alerttest"));
    }

    @Produces
    @Singleton
    @LookupIfProperty(name = "sluice.test.alerts", stringValue = "true")
    AlertRule operations() {
        return AlertRule.on(
                "t-ops",
                Set.of(AlertCause.TICK_FAILED, AlertCause.NODE_LOST, AlertCause.FRESHNESS_VIOLATED),
                "hook",
                "mail");
    }
}
