package io.sluice.automation.trigger;

import io.quarkus.test.junit.QuarkusTestProfile;
import io.sluice.testing.SettableClock;
import java.util.Map;
import java.util.Set;

/**
 * Triggers on with a settable clock, as in {@link TriggerProfile}, but with the {@code on_late} test asset and policy
 * only ({@link OnLateAssets}): no other test application sees an asset that freshness could find late.
 */
public class OnLateProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "sluice.runs.execute",
                "false",
                "sluice.automation.triggers.enabled",
                "true",
                "sluice.automation.triggers.interval",
                "1h",
                TestTriggerPolicies.PROPERTY,
                OnLateAssets.ON);
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(SettableClock.class);
    }
}
