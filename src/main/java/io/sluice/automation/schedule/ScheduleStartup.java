package io.sluice.automation.schedule;

import io.quarkus.runtime.StartupEvent;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.TickRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.InstantSource;
import org.jboss.logging.Logger;

/**
 * At start-up: each declared schedule gets its state row (with its declared default status, once: a status changed at
 * run time survives restarts), each running one a Quartz wake-up (at its first tick after the cursor, so Quartz fires
 * at once when ticks were missed while Sluice was down; the misfire policy then decides what fires), and the jobs of
 * schedules no longer declared are removed.
 */
@ApplicationScoped
public class ScheduleStartup {

    private static final Logger LOG = Logger.getLogger(ScheduleStartup.class);

    private final Schedules schedules;
    private final AutomationStore store;
    private final ScheduleWakeups wakeups;
    private final InstantSource clock;

    ScheduleStartup(Schedules schedules, AutomationStore store, ScheduleWakeups wakeups, InstantSource clock) {
        this.schedules = schedules;
        this.store = store;
        this.wakeups = wakeups;
        this.clock = clock;
    }

    void onStart(@Observes StartupEvent event) {
        Instant now = clock.instant();
        for (ScheduleSpec spec : schedules.all()) {
            AutomationState state = store.ensure(TickRecord.Source.SCHEDULE, spec.name(), spec.defaultStatus(), now);
            if (state.status() == AutomationStatus.RUNNING) {
                wakeups.ensureAwake(spec, ScheduleTicker.cursor(state, now));
            }
        }
        for (String name : wakeups.known()) {
            if (schedules.find(name).isEmpty()) {
                LOG.infof("schedule %s is no longer declared; its Quartz job is removed", name);
                wakeups.sleep(name);
            }
        }
        LOG.infof("%d schedules declared", schedules.all().size());
    }
}
