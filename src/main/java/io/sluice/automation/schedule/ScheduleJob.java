package io.sluice.automation.schedule;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.TickRecord;
import jakarta.enterprise.context.Dependent;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import org.jboss.logging.Logger;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;

/**
 * What Quartz runs when a schedule's wake-up fires: the tick handler, then the next wake-up if the schedule still runs,
 * at the first tick after the stored cursor (at once if ticks came due meanwhile). A tick that failed is woken at the
 * next tick after now (the periodic {@link ScheduleWatch} tries the overdue one again sooner). A schedule no longer
 * declared has its job removed. Never two at once for one schedule (and the handler locks the schedule's state row
 * besides, so two nodes cannot handle one tick twice).
 */
@Dependent
@DisallowConcurrentExecution
public class ScheduleJob implements Job {

    private static final Logger LOG = Logger.getLogger(ScheduleJob.class);

    private final Schedules schedules;
    private final ScheduleTicker ticker;
    private final ScheduleWakeups wakeups;
    private final AutomationStore store;
    private final InstantSource clock;

    ScheduleJob(
            Schedules schedules,
            ScheduleTicker ticker,
            ScheduleWakeups wakeups,
            AutomationStore store,
            InstantSource clock) {
        this.schedules = schedules;
        this.ticker = ticker;
        this.wakeups = wakeups;
        this.store = store;
        this.clock = clock;
    }

    @Override
    public void execute(JobExecutionContext context) {
        String name = context.getJobDetail().getKey().getName();
        Optional<ScheduleSpec> spec = schedules.find(name);
        if (spec.isEmpty()) {
            LOG.infof("schedule %s is no longer declared; its Quartz job is removed", name);
            wakeups.sleep(name);
            return;
        }
        boolean handled;
        try {
            if (!ticker.tick(name).isEmpty()) {
                ScheduleFaultPoint.afterTick(name);
            }
            handled = true;
        } catch (RuntimeException e) {
            LOG.errorf(e, "schedule %s: the tick failed; it is tried again at the next wake-up", name);
            handled = false;
        }
        boolean fromCursor = handled;
        Instant now = clock.instant();
        // with the state row locked, as a stop locks it: a stop meanwhile is not undone by setting the job again
        QuarkusTransaction.requiringNew()
                .run(() -> store.lock(TickRecord.Source.SCHEDULE, name)
                        .filter(state -> state.status() == AutomationStatus.RUNNING)
                        .ifPresent(state ->
                                wakeups.wakeAfter(spec.get(), fromCursor ? ScheduleTicker.cursor(state, now) : now)));
    }
}
