package io.sluice.runs;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code sluice.runs.*}: how runs execute in this process. */
@ConfigMapping(prefix = "sluice.runs")
public interface RunSettings {

    /** Worker threads that execute runs. */
    @WithDefault("4")
    int workers();

    /** Whether this process executes queued runs (false: it only serves the API and UI). */
    @WithDefault("true")
    boolean execute();

    /** How many times a backfill run that died with the process (kill -9, crash) is run in all, counting the first. */
    @WithDefault("3")
    int maxAttempts();

    /** Keys per batch handed to a keyed asset. */
    @WithDefault("5000")
    int batchSize();
}
