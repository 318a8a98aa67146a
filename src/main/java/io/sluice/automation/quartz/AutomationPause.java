package io.sluice.automation.quartz;

import io.sluice.automation.trigger.TriggerLoop;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;

/**
 * Takes this node out of automation while it drains, and puts it back: Quartz stands by (it fires no schedule or sensor
 * here, so the other nodes of the clustered store fire them) and the trigger loop stops evaluating.
 */
@ApplicationScoped
public class AutomationPause {

    private static final Logger LOG = Logger.getLogger(AutomationPause.class);

    private final Scheduler scheduler;
    private final TriggerLoop triggers;

    AutomationPause(Scheduler scheduler, TriggerLoop triggers) {
        this.scheduler = scheduler;
        this.triggers = triggers;
    }

    /** Fires nothing more on this node; what Quartz fires now ends as usual. */
    public void standby() {
        triggers.standby();
        try {
            if (scheduler.isStarted() && !scheduler.isInStandbyMode()) {
                scheduler.standby();
            }
        } catch (SchedulerException e) {
            LOG.warnf(
                    "Quartz could not stand by (%s): schedules and sensors may still fire on this node", e.toString());
        }
    }

    /** Fires schedules, sensors and triggers on this node again. */
    public void resume() {
        try {
            if (scheduler.isInStandbyMode() && !scheduler.isShutdown()) {
                scheduler.start();
            }
        } catch (SchedulerException e) {
            LOG.warnf("Quartz could not start again (%s): schedules and sensors fire on the other nodes", e.toString());
        }
        triggers.resume();
    }
}
