package io.sluice.cluster;

import java.time.Duration;
import java.time.Instant;

/** How far this node's clock is from the metadata store's, and whether that is within the allowed skew. */
public record ClockSkew(Duration skew, Duration max) {

    public static ClockSkew of(Instant appNow, Instant dbNow, Duration max) {
        return new ClockSkew(Duration.between(dbNow, appNow), max);
    }

    /** Whether the clocks differ by more than the allowed skew (either way). */
    public boolean tooLarge() {
        return skew.abs().compareTo(max) > 0;
    }

    /** What readiness reports when the skew is too large. */
    public String problem() {
        return "this node's clock is " + Math.abs(skew.toMillis()) + " ms "
                + (skew.isNegative() ? "behind" : "ahead of") + " the metadata store's (at most " + max.toMillis()
                + " ms): leases would be misjudged";
    }
}
