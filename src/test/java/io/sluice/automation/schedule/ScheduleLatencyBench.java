package io.sluice.automation.schedule;

import static io.sluice.testing.BenchFigures.ms;
import static io.sluice.testing.BenchFigures.pct;
import static io.sluice.testing.BenchFigures.uptime;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.example.BenchSchedules;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;
import org.quartz.JobKey;
import org.quartz.JobListener;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.impl.matchers.KeyMatcher;

/**
 * The schedule benchmark (not a test: it asserts nothing and prints figures; see docs/benchmarks.md). Real runs on the
 * embedded H2 store (Quartz's JDBC job store in it), the system clock, the every-minute schedule {@code bench_noop} on the
 * no-op asset {@code bench/noop}. Each round sets the schedule's cursor one minute before the newest minute, so that
 * exactly one tick is due, fires the schedule's Quartz job ({@code Scheduler.triggerJob}), and measures
 * <ol>
 *   <li>tick to run start: Quartz's fire time of the job ({@code JobExecutionContext.getFireTime()}) to the stored
 *   {@code startedAt} of the run the tick launched;</li>
 *   <li>call to run start: the {@code triggerJob} call to the same {@code startedAt} (adds Quartz's own hand-over).</li>
 * </ol>
 * p50/p99/max over {@code bench.ticks} (100) rounds, after 5 untimed ones. Between rounds the wake-up the job set for
 * the next minute is removed, so that Quartz fires nothing of its own.
 * Run: {@code ./mvnw -B -q test -Dtest=ScheduleLatencyBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
@TestProfile(ScheduleLatencyBench.Profile.class)
class ScheduleLatencyBench {

    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("sluice.bench.enabled", "true", "quarkus.log.category.\"io.sluice\".level", "WARN");
        }
    }

    private static final int WARM_UP = 5;
    private static final String NAME = BenchSchedules.NOOP;

    @Inject
    Scheduler quartz;

    @Inject
    Schedules schedules;

    @Inject
    ScheduleWakeups wakeups;

    @Inject
    AutomationStore store;

    @Inject
    RunHistory history;

    /** One fired job: when Quartz fired it, and that it has completed (its next wake-up is set by then). */
    private record Fired(Instant fireTime) {}

    private final BlockingQueue<Fired> fired = new ArrayBlockingQueue<>(16);
    private final BlockingQueue<Boolean> done = new ArrayBlockingQueue<>(16);

    @Test
    void tickToRunStart() throws Exception {
        int ticks = Integer.getInteger("bench.ticks", 100);
        System.out.println("load: " + uptime());
        JobKey job = ScheduleWakeups.jobKey(NAME);
        // the schedule's durable job, without a wake-up: only this benchmark fires it
        ScheduleFixture.running(store, NAME, Instant.now().truncatedTo(ChronoUnit.MINUTES));
        wakeups.wakeAfter(schedules.get(NAME), Instant.now());
        unscheduleAll(job);
        quartz.getListenerManager().addJobListener(listener(), KeyMatcher.keyEquals(job));

        List<Long> fromFire = new ArrayList<>();
        List<Long> fromCall = new ArrayList<>();
        int extraTicks = 0;
        for (int i = 0; i < WARM_UP + ticks; i++) {
            awayFromTheMinute();
            Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES);
            ScheduleFixture.running(store, NAME, minute.minus(Duration.ofMinutes(1))); // exactly one tick due: minute
            long before = ScheduleFixture.newestTick(store, NAME);

            Instant called = Instant.now();
            QuarkusTransaction.requiringNew().run(() -> trigger(job));
            Fired f = take(fired, "the job to fire");
            take(done, "the job to complete");
            List<TickRecord> recorded = ScheduleFixture.ticksAfter(store, NAME, before);
            if (recorded.size() != 1 || !recorded.get(0).tick().equals(minute)) {
                extraTicks++;
                System.out.println("round " + i + ": expected one tick at " + minute + ", recorded " + recorded);
            }
            if (!(recorded.get(0).outcome() instanceof TickOutcome.Launched launched)
                    || launched.runIds().size() != 1) {
                throw new IllegalStateException("round " + i + ": the tick launched no single run: " + recorded);
            }
            Run run = awaitEnd(launched.runIds().get(0));
            unscheduleAll(job);
            if (i >= WARM_UP) {
                fromFire.add(Duration.between(f.fireTime(), run.startedAt()).toNanos());
                fromCall.add(Duration.between(called, run.startedAt()).toNanos());
            }
        }
        ScheduleFixture.stopped(store, NAME, Instant.now());
        print("tick to run start (Quartz fire time -> run startedAt)", fromFire);
        print("call to run start (triggerJob call -> run startedAt)", fromCall);
        System.out.println("rounds with another tick than the one made due: " + extraTicks);
    }

    private JobListener listener() {
        return new JobListener() {
            @Override
            public String getName() {
                return "schedule-latency-bench";
            }

            @Override
            public void jobToBeExecuted(JobExecutionContext context) {
                fired.add(new Fired(context.getFireTime().toInstant()));
            }

            @Override
            public void jobExecutionVetoed(JobExecutionContext context) {}

            @Override
            public void jobWasExecuted(JobExecutionContext context, JobExecutionException e) {
                done.add(true);
            }
        };
    }

    private void trigger(JobKey job) {
        try {
            quartz.triggerJob(job);
        } catch (SchedulerException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Removes the wake-ups the job set for itself, keeping the durable job. */
    private void unscheduleAll(JobKey job) {
        QuarkusTransaction.requiringNew().run(() -> {
            try {
                for (Trigger t : quartz.getTriggersOfJob(job)) {
                    quartz.unscheduleJob(t.getKey());
                }
            } catch (SchedulerException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Waits out the last second of a minute, so that no second tick falls due during a round. */
    private static void awayFromTheMinute() throws InterruptedException {
        Instant now = Instant.now();
        Instant next = now.truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1));
        if (Duration.between(now, next).toMillis() < 1500) {
            Thread.sleep(Duration.between(now, next).toMillis() + 100);
        }
    }

    private static <T> T take(BlockingQueue<T> queue, String what) throws InterruptedException {
        T value = queue.poll(30, TimeUnit.SECONDS);
        if (value == null) {
            throw new IllegalStateException("waited 30 s for " + what);
        }
        return value;
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

    private static void print(String what, List<Long> nanos) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        System.out.printf(
                "%s, %d ticks: p50 %.1f ms, p99 %.1f ms, max %.1f ms (targets: p50 <= 50 ms, p99 < 500 ms)%n",
                what, sorted.size(), ms(pct(sorted, 50)), ms(pct(sorted, 99)), ms(sorted.get(sorted.size() - 1)));
    }
}
