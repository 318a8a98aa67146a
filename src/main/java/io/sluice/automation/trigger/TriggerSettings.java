package io.sluice.automation.trigger;

import io.sluice.automation.TriggerRetry;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** {@code sluice.automation.triggers.*}: the asset-dependency trigger evaluator of this process. */
@ConfigMapping(prefix = "sluice.automation.triggers")
public interface TriggerSettings {

    /** Whether this process evaluates trigger policies (false: policies are shown but launch nothing). */
    @WithDefault("true")
    boolean enabled();

    /**
     * How often the evaluator looks even when no run ended: for {@code missing} windows that move with time (an
     * {@code on_cron} asset is also woken at its next tick).
     */
    @WithDefault("30s")
    Duration interval();

    /** Most materialization events one evaluation reads; a bigger backlog is read in several evaluations. */
    @WithDefault("10000")
    int batchSize();

    /** Trigger evaluations kept per asset in tick history (older ones are pruned with the history's retention). */
    @WithDefault("10")
    int shownEvaluations();

    /** {@code sluice.automation.triggers.retry.*}: launching an eager downstream again after its run failed or died. */
    Retry retry();

    interface Retry {
        /** Runs in all, the first included (1: never retried; at most 10). */
        @WithDefault("3")
        int maxAttempts();

        /** The wait after the first failed run; it doubles after each further one. */
        @WithDefault("30s")
        Duration backoff();
    }

    /** The retry policy as the evaluator takes it. */
    default TriggerRetry retryPolicy() {
        return new TriggerRetry(retry().maxAttempts(), retry().backoff());
    }
}
