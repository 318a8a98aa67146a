package io.sluice.automation.trigger;

import io.quarkus.arc.properties.IfBuildProperty;
import io.sluice.automation.TriggerPolicy;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;

/** The trigger benchmark's policies only (no time-driven ones that would add runs): two eager downstreams. */
@Dependent
@IfBuildProperty(name = TestTriggerPolicies.PROPERTY, stringValue = "bench")
public class BenchTriggerPolicies {

    @Produces
    AssetAutomation afterFlaky() {
        return AssetAutomation.of("test/after_flaky", TriggerPolicy.eager());
    }

    @Produces
    AssetAutomation dailyRollup() {
        return AssetAutomation.of("test/daily_rollup", TriggerPolicy.eager());
    }
}
