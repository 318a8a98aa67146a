package io.sluice.automation.sensor;

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
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.TriggerKey;
import org.quartz.impl.matchers.GroupMatcher;

/**
 * A running sensor's Quartz trigger: a {@link SensorJob} repeating at the sensor's interval, from one interval after it
 * is registered. A misfire (the node was down, every Quartz thread busy) fires once at once and skips the rest.
 * Registering replaces what is there, so every node may do it at start-up. In the JDBC job store it joins the caller's
 * transaction (jdbc-cmt), if there is one.
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

    public void register(SensorSpec spec) {
        JobDetail job = JobBuilder.newJob(SensorJob.class)
                .withIdentity(spec.name(), GROUP)
                .usingJobData(SensorJob.SENSOR, spec.name())
                .build();
        Trigger trigger = TriggerBuilder.newTrigger()
                .withIdentity(spec.name(), GROUP)
                .forJob(job)
                .startAt(Date.from(clock.instant().plus(spec.interval())))
                .withSchedule(SimpleScheduleBuilder.simpleSchedule()
                        .withIntervalInMilliseconds(spec.interval().toMillis())
                        .repeatForever()
                        .withMisfireHandlingInstructionNowWithExistingCount())
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
