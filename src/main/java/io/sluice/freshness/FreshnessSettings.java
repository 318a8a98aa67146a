package io.sluice.freshness;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code sluice.freshness.*}: evaluating the assets' freshness policies. */
@ConfigMapping(prefix = "sluice.freshness")
public interface FreshnessSettings {

    /** Whether this process evaluates freshness on a clock and after runs end (false: only when asked). */
    @WithDefault("true")
    boolean enabled();

    /** How often the policies are evaluated when no run ends. */
    @WithDefault("1m")
    Duration interval();

    /**
     * How far back partition deadlines are evaluated: a partition whose deadline passed longer ago is no longer reported
     * late (an asset with 24 years of missing days is late by this many days, not by 8,000).
     */
    @WithDefault("7d")
    Duration lookBack();
}
