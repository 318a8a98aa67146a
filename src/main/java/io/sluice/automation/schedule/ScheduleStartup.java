package io.sluice.automation.schedule;

import io.quarkus.runtime.StartupEvent;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.TickRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import org.jboss.logging.Logger;

/**
 * At start-up: each declared schedule gets its state row (with its declared default status, once: a status changed at
 * run time survives restarts), each running one the wake-up its stored state calls for ({@link ScheduleWatch} with no
 * grace: set again when it is missing, spent, stuck in the past or later than the tick the schedule waits for, so
 * Quartz fires at once when ticks were missed while Sluice was down; the misfire policy then decides what fires), and
 * the jobs of schedules no longer declared are removed.
 */
@ApplicationScoped
public class ScheduleStartup {

    private static final Logger LOG = Logger.getLogger(ScheduleStartup.class);

    private final Schedules schedules;
    private final AutomationStore store;
    private final ScheduleWakeups wakeups;
    private final ScheduleWatch watch;
    private final InstantSource clock;

    ScheduleStartup(
            Schedules schedules,
            AutomationStore store,
            ScheduleWakeups wakeups,
            ScheduleWatch watch,
            InstantSource clock) {
        this.schedules = schedules;
        this.store = store;
        this.wakeups = wakeups;
        this.watch = watch;
        this.clock = clock;
    }

    void onStart(@Observes StartupEvent event) {
        Instant now = clock.instant();
        for (ScheduleSpec spec : schedules.all()) {
            store.ensure(TickRecord.Source.SCHEDULE, spec.name(), spec.defaultStatus(), now);
        }
        watch.check(Duration.ZERO);
        for (String name : wakeups.known()) {
            if (schedules.find(name).isEmpty()) {
                LOG.infof("schedule %s is no longer declared; its Quartz job is removed", name);
                wakeups.sleep(name);
            }
        }
        LOG.infof("%d schedules declared", schedules.all().size());
    }
}
