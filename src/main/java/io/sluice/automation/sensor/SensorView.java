package io.sluice.automation.sensor;

import io.sluice.automation.AutomationState;
import io.sluice.automation.SensorSpec;
import io.sluice.automation.StoredTick;
import java.time.Instant;
import java.util.Optional;

/** A sensor as the API and the pages show it: as declared, where it stands, when Quartz fires it next, its last tick. */
public record SensorView(
        SensorSpec spec, AutomationState state, Optional<Instant> nextTick, Optional<StoredTick> lastTick) {}
