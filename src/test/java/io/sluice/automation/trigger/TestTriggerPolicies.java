package io.sluice.automation.trigger;

import io.quarkus.arc.properties.IfBuildProperty;
import io.sluice.automation.TriggerPolicy;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import java.time.Duration;

/**
 * Trigger policies on test assets, declared only in profiles that set {@value #PROPERTY} (other tests see none):
 * {@code test/daily_rollup} eager over {@code test/hourly} (a day starts when its 24 hours are in), {@code
 * test/after_flaky} and {@code test/after_checked} eager, {@code test/rollup_summary} on a 09:00 UTC cron,
 * {@code test/daily} missing over 3 days.
 */
@Dependent
@IfBuildProperty(name = TestTriggerPolicies.PROPERTY, stringValue = "true")
public class TestTriggerPolicies {

    public static final String PROPERTY = "sluice.test.trigger-policies";

    @Produces
    AssetAutomation dailyRollup() {
        return AssetAutomation.of("test/daily_rollup", TriggerPolicy.eager());
    }

    @Produces
    AssetAutomation afterFlaky() {
        return AssetAutomation.of("test/after_flaky", TriggerPolicy.eager());
    }

    @Produces
    AssetAutomation afterChecked() {
        return AssetAutomation.of("test/after_checked", TriggerPolicy.eager());
    }

    @Produces
    AssetAutomation rollupSummary() {
        return AssetAutomation.of("test/rollup_summary", TriggerPolicy.onCron("0 9 * * *", "UTC"));
    }

    @Produces
    AssetAutomation daily() {
        return AssetAutomation.of("test/daily", TriggerPolicy.missing(Duration.ofDays(3)));
    }
}
