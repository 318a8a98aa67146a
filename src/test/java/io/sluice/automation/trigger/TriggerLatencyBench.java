package io.sluice.automation.trigger;

import static io.sluice.testing.BenchFigures.ms;
import static io.sluice.testing.BenchFigures.pct;
import static io.sluice.testing.BenchFigures.uptime;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import io.sluice.runs.RunStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The trigger benchmark (not a test: it asserts nothing and prints figures; see docs/benchmarks.md). Real runs on the
 * embedded H2 store, the system clock, triggers on:
 * <ol>
 *   <li>latency: {@code test/flaky} runs one after the other; each one's end is followed by an eager run of
 *   {@code test/after_flaky}; the figure is the stored end of the upstream run to the stored start of the downstream
 *   run, p50/p99/max over {@code bench.events} (200) upstream runs, after 20 untimed ones;</li>
 *   <li>burst: one run of {@code test/hourly} over 1,000 hours (1,000 materialization events stored at its end);
 *   prints how many evaluations read them and how many runs of {@code test/daily_rollup} they produced.</li>
 * </ol>
 * Run: {@code ./mvnw -B -q test -Dtest=TriggerLatencyBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
@TestProfile(TriggerLatencyBench.Profile.class)
class TriggerLatencyBench {

    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "sluice.automation.triggers.enabled",
                    "true",
                    TestTriggerPolicies.PROPERTY,
                    "bench",
                    "quarkus.log.category.\"io.sluice\".level",
                    "WARN");
        }
    }

    private static final int WARM_UP = 20;
    private static final int BURST = 1000;

    @Inject
    RunService runs;

    @Inject
    RunHistory history;

    @Inject
    TriggerEvaluation evaluation;

    @Test
    void triggerLatencyAndBurst() throws Exception {
        int events = Integer.getInteger("bench.events", 200);
        System.out.println("load: " + uptime());
        List<Long> latencies = new ArrayList<>();
        for (int i = 0; i < WARM_UP + events; i++) {
            Run up = awaitEnd(launch(List.of("test/flaky"), List.of(), "bench upstream " + i)
                    .id());
            Run down = awaitEnd(awaitTriggeredAfter(up).id());
            if (i >= WARM_UP) {
                latencies.add(Duration.between(up.endedAt(), down.startedAt()).toNanos());
            }
        }
        Collections.sort(latencies);
        System.out.printf(
                "trigger latency, upstream run end -> downstream run start, %d events: p50 %.1f ms, p99 %.1f ms, max %.1f ms"
                        + " (targets: p50 <= 50 ms, p99 < 500 ms)%n",
                latencies.size(),
                ms(pct(latencies, 50)),
                ms(pct(latencies, 99)),
                ms(latencies.get(latencies.size() - 1)));

        List<String> hours = new ArrayList<>();
        DateTimeFormatter format = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH:mm");
        for (int h = 0; h < BURST; h++) {
            hours.add(LocalDateTime.of(2024, 1, 1, 0, 0).plusHours(h).format(format));
        }
        long batchesBefore = evaluation.batches();
        long evaluationsBefore = evaluation.evaluations();
        long started = System.nanoTime();
        Run burst =
                awaitEnd(launch(List.of("test/hourly"), hours, "bench burst").id());
        List<Run> produced = awaitRollups(burst);
        long elapsed = System.nanoTime() - started;
        System.out.printf(
                "burst: 1 run of %d hourly partitions -> %d evaluation(s) that read events (%d wake-ups evaluated),"
                        + " %d run(s) of test/daily_rollup over %d days; %.0f ms from launch to the rollup run's start%n",
                BURST,
                evaluation.batches() - batchesBefore,
                evaluation.evaluations() - evaluationsBefore,
                produced.size(),
                produced.stream().mapToInt(r -> r.partitions().size()).sum(),
                ms(Duration.between(burst.createdAt(), produced.get(0).startedAt())
                        .toNanos()));
        System.out.printf("burst wall time until the rollup runs were queued: %.0f ms%n", ms(elapsed));
    }

    private Run launch(List<String> assets, List<String> partitions, String reason) {
        return runs.launch(new RunRequest(
                assets, MaterializationMode.INCREMENTAL, List.of(), partitions, null, reason, "bench", Map.of()));
    }

    private Run awaitEnd(String id) throws InterruptedException {
        for (int i = 0; i < 120_000; i++) {
            Run run = history.find(id).orElseThrow();
            if (run.status().isTerminal()) {
                if (run.status() != RunStatus.SUCCESS) {
                    throw new IllegalStateException("run " + id + " ended " + run.status() + ": " + run.error());
                }
                return run;
            }
            Thread.sleep(1);
        }
        throw new IllegalStateException("run " + id + " did not end");
    }

    /** The run the trigger launched after {@code up} ended. */
    private Run awaitTriggeredAfter(Run up) throws InterruptedException {
        for (int i = 0; i < 60_000; i++) {
            Optional<Run> found = triggered("test/after_flaky").stream()
                    .filter(r -> !r.createdAt().isBefore(up.endedAt()))
                    .findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(1);
        }
        throw new IllegalStateException("no trigger run followed run " + up.id());
    }

    private List<Run> awaitRollups(Run burst) throws InterruptedException {
        for (int i = 0; i < 60_000; i++) {
            List<Run> found = triggered("test/daily_rollup").stream()
                    .filter(r -> !r.createdAt().isBefore(burst.endedAt()) && r.startedAt() != null)
                    .toList();
            if (!found.isEmpty()) {
                Thread.sleep(500); // more runs would have been queued within this
                return triggered("test/daily_rollup").stream()
                        .filter(r -> !r.createdAt().isBefore(burst.endedAt()))
                        .toList();
            }
            Thread.sleep(1);
        }
        throw new IllegalStateException("no rollup run followed the burst");
    }

    private List<Run> triggered(String asset) {
        return runs
                .list(new RunQuery(Optional.empty(), Optional.of(io.sluice.catalog.AssetKey.parse(asset)), 5))
                .stream()
                .filter(r -> "trigger".equals(r.launchedBy()))
                .toList();
    }
}
