package io.sluice.ops;

import io.sluice.runs.dispatch.DispatcherBeat;
import io.sluice.runs.dispatch.RunExecutor;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;

/**
 * Live while the run dispatcher of a process that executes runs is alive and goes round its loop: a dead or stuck
 * dispatcher starts no queued run, which nothing else would show. A process with {@code sluice.runs.execute=false} is
 * live without one.
 */
@Liveness
@ApplicationScoped
public class DispatcherHealthCheck implements HealthCheck {

    private final RunExecutor executor;
    private final Duration stallAfter;

    public DispatcherHealthCheck(
            RunExecutor executor,
            @ConfigProperty(name = "sluice.health.dispatcher-stall", defaultValue = "60s") Duration stallAfter) {
        this.executor = executor;
        this.stallAfter = stallAfter;
    }

    @Override
    public HealthCheckResponse call() {
        DispatcherBeat beat = executor.dispatcherBeat();
        Optional<String> problem = beat.problem(stallAfter);
        HealthCheckResponseBuilder response = HealthCheckResponse.named("run dispatcher")
                .status(problem.isEmpty())
                .withData("executesRuns", beat.executes());
        if (beat.executes()) {
            response.withData("secondsSinceLastRound", beat.sinceLastRound().toSeconds());
        }
        problem.ifPresent(p -> response.withData("problem", p));
        return response.build();
    }
}
