package io.sluice.automation.trigger;

import io.quarkus.test.junit.QuarkusTestProfile;
import io.sluice.testing.SettableClock;
import java.util.Map;
import java.util.Set;

/**
 * Triggers on, with the test policies ({@link TestTriggerPolicies}) and a settable clock; runs are queued but not
 * executed, so a launched run stays active, and the test writes the upstream materializations itself. The interval is
 * long so that only wake-ups and {@code evaluateNow()} evaluate.
 */
public class TriggerProfile implements QuarkusTestProfile {
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
                "true");
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(SettableClock.class);
    }
}
