package io.sluice.automation.schedule;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.ScheduleSpec;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.matchers.GroupMatcher;

/**
 * Quartz wakes a running schedule at its next tick, and nothing more: one durable job per schedule ({@link ScheduleJob})
 * and one trigger at the next tick as {@link io.sluice.automation.ScheduleTicks} computes it (so its daylight saving
 * rules stay the only ones), fired at once if it was missed. Each trigger is named after its tick, so that the job can
 * set the next one while Quartz completes the one that fired. The job store is the metadata database (JDBC, clustered
 * on PostgreSQL): one node fires a trigger. What a tick does is decided by {@link ScheduleTicker} from the stored
 * cursor, so a wake-up too many does nothing.
 *
 * <p><b>A wake-up is never used up.</b> The trigger fires at the tick and then again every {@link #BACKSTOP} until the
 * job replaces it with the next tick's. A one-shot trigger would be spent (Quartz marks it complete, in a transaction of
 * its own, before the job runs) while the job had not yet set the next one: a crash in between left a running
 * schedule with no wake-up at all, for good. With the repeat, the job store always holds a live wake-up; after such a
 * crash it fires within a minute (or at once, at start-up, see {@link ScheduleWatch}).
 *
 * <p>The calls join the caller's transaction (the job store is container-managed), or run in one of their own.
 */
@ApplicationScoped
public class ScheduleWakeups {

    static final String GROUP = "sluice-schedules";
    /** How often a wake-up fires again after its tick until the job has replaced it. */
    static final Duration BACKSTOP = Duration.ofMinutes(1);

    private final Scheduler quartz;
    private final InstantSource clock;

    ScheduleWakeups(Scheduler quartz, InstantSource clock) {
        this.quartz = quartz;
        this.clock = clock;
    }

    /**
     * Wakes {@code spec} at its first tick after {@code after}, replacing what was set; at once if that tick is past (a
     * trigger set in the past would wait for Quartz's misfire scan, up to a minute).
     */
    public void wakeAfter(ScheduleSpec spec, Instant after) {
        Instant tick = spec.ticks().next(after);
        Instant now = clock.instant();
        Instant at = tick.isBefore(now) ? now : tick;
        quartzCall(() -> {
            JobDetail job = JobBuilder.newJob(ScheduleJob.class)
                    .withIdentity(jobKey(spec.name()))
                    .storeDurably()
                    .build();
            Trigger trigger = TriggerBuilder.newTrigger()
                    .withIdentity(spec.name() + "@" + tick, GROUP)
                    .forJob(job)
                    .startAt(Date.from(at))
                    .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                            .withIntervalInMilliseconds(BACKSTOP.toMillis())
                            .repeatForever()
                            .withMisfireHandlingInstructionNowWithExistingCount())
                    .build();
            for (Trigger old : quartz.getTriggersOfJob(job.getKey())) {
                if (!old.getKey().equals(trigger.getKey())) {
                    quartz.unscheduleJob(old.getKey());
                }
            }
            quartz.scheduleJob(job, Set.of(trigger), true);
            return null;
        });
    }

    /** No more wake-ups for the schedule {@code name}. */
    public void sleep(String name) {
        quartzCall(() -> quartz.deleteJob(jobKey(name)));
    }

    /** The schedules that have a job in Quartz, declared or not (a schedule removed from the code leaves one behind). */
    public List<String> known() {
        return quartzCall(() -> quartz.getJobKeys(GroupMatcher.jobGroupEquals(GROUP)).stream()
                .map(JobKey::getName)
                .sorted()
                .toList());
    }

    /** When Quartz will next wake {@code name}, if it will (a spent or missing trigger: never). */
    public Optional<Instant> nextWakeUp(String name) {
        return quartzCall(() -> quartz.getTriggersOfJob(jobKey(name)).stream()
                .map(Trigger::getNextFireTime)
                .filter(Objects::nonNull)
                .map(Date::toInstant)
                .min(Instant::compareTo));
    }

    static JobKey jobKey(String name) {
        return JobKey.jobKey(name, GROUP);
    }

    private interface QuartzCall<T> {
        T call() throws SchedulerException;
    }

    private static <T> T quartzCall(QuartzCall<T> call) {
        return QuarkusTransaction.joiningExisting().call(() -> {
            try {
                return call.call();
            } catch (SchedulerException e) {
                throw new IllegalStateException("Quartz refused: " + e.getMessage(), e);
            }
        });
    }
}
