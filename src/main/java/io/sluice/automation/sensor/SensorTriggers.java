package io.sluice.automation.sensor;

import io.sluice.automation.SensorSlots;
import io.sluice.automation.SensorSpec;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Date;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.SimpleTrigger;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.TriggerKey;
import org.quartz.impl.matchers.GroupMatcher;

/**
 * A running sensor's Quartz trigger: a {@link SensorJob} repeating at the sensor's interval, firing at the middles of
 * the sensor's slots ({@link SensorSlots}), from one interval after the start. A misfire (the nodes were down, every
 * Quartz thread busy) skips to the next slot middle, so the trigger keeps its phase. {@link #ensure} keeps a trigger that
 * is already right, so a node's start-up leaves the fires that other nodes have acquired alone; {@link #schedule}
 * replaces what is there. In the JDBC job store both join the caller's transaction (jdbc-cmt), if there is one.
 */
@ApplicationScoped
public class SensorTriggers {

    static final String GROUP = "sluice-sensors";

    private final Scheduler scheduler;
    private final InstantSource clock;

    public SensorTriggers(Scheduler scheduler, InstantSource clock) {
        this.scheduler = scheduler;
        this.clock = clock;
    }

    /**
     * Keeps the sensor's trigger if it repeats at the sensor's interval and fires at its slot middles (counted from
     * {@code startedAt}); else schedules it ({@link #schedule}). Answers whether the trigger there was kept. The caller
     * holds the sensor's state row lock, so two nodes starting at once do this one after the other.
     */
    public boolean ensure(SensorSpec spec, Instant startedAt) {
        try {
            Trigger existing = scheduler.getTrigger(TriggerKey.triggerKey(spec.name(), GROUP));
            if (existing instanceof SimpleTrigger simple
                    && simple.getRepeatInterval() == spec.interval().toMillis()
                    && simple.getNextFireTime() != null
                    && SensorSlots.inPhase(
                            startedAt, spec.interval(), simple.getNextFireTime().toInstant())) {
                return true;
            }
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot read the trigger of sensor " + spec.name() + ": " + e, e);
        }
        schedule(spec, startedAt);
        return false;
    }

    /** Replaces the sensor's job and trigger by one firing at the next slot middle counted from {@code startedAt}. */
    public void schedule(SensorSpec spec, Instant startedAt) {
        JobDetail job = JobBuilder.newJob(SensorJob.class)
                .withIdentity(spec.name(), GROUP)
                .usingJobData(SensorJob.SENSOR, spec.name())
                .build();
        Trigger trigger = TriggerBuilder.newTrigger()
                .withIdentity(spec.name(), GROUP)
                .forJob(job)
                .startAt(Date.from(SensorSlots.startAt(startedAt, spec.interval(), clock.instant())))
                .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                        .withIntervalInMilliseconds(spec.interval().toMillis())
                        .repeatForever()
                        .withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        try {
            scheduler.scheduleJob(job, Set.of(trigger), true);
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot register the trigger of sensor " + spec.name() + ": " + e, e);
        }
    }

    public void remove(String name) {
        try {
            scheduler.deleteJob(JobKey.jobKey(name, GROUP));
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot remove the trigger of sensor " + name + ": " + e, e);
        }
    }

    /** The names of the sensors that have a job in the store (declared or not: a sensor removed from the code keeps it). */
    public Set<String> names() {
        try {
            return scheduler.getJobKeys(GroupMatcher.jobGroupEquals(GROUP)).stream()
                    .map(JobKey::getName)
                    .collect(Collectors.toSet());
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot list the sensors' triggers: " + e, e);
        }
    }

    /** When Quartz fires the sensor next; empty if it has no trigger (stopped). */
    public Optional<Instant> next(String name) {
        try {
            Trigger trigger = scheduler.getTrigger(TriggerKey.triggerKey(name, GROUP));
            return Optional.ofNullable(trigger).map(Trigger::getNextFireTime).map(Date::toInstant);
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot read the trigger of sensor " + name + ": " + e, e);
        }
    }

    /** The repeat interval of the sensor's trigger, in milliseconds; empty if it has none. */
    public Optional<Long> intervalMillis(String name) {
        try {
            return Optional.ofNullable(scheduler.getTrigger(TriggerKey.triggerKey(name, GROUP)))
                    .filter(org.quartz.SimpleTrigger.class::isInstance)
                    .map(t -> ((org.quartz.SimpleTrigger) t).getRepeatInterval());
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot read the trigger of sensor " + name + ": " + e, e);
        }
    }
}
