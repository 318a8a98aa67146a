package io.sluice.automation.upkeep;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.schedule.ScheduleWatch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Automation's housekeeping, on a thread of its own rather than on Quartz (which is what it watches), in every process:
 * every {@code sluice.automation.upkeep.interval} (30 s) it checks that each running schedule has the wake-up its
 * stored state calls for ({@link ScheduleWatch}, with that interval as grace), and every hour (first a minute after
 * start-up) it deletes tick history of schedules, sensors and triggers evaluated more than
 * {@code sluice.automation.tick-retention} ago (30 days). Nodes doing the same at once do no harm. Tests switch the
 * thread off ({@code sluice.automation.upkeep.enabled=false}) and call {@link #checkSchedules()} and {@link #prune()}.
 */
@ApplicationScoped
public class AutomationUpkeep {

    private static final Logger LOG = Logger.getLogger(AutomationUpkeep.class);
    /** How often old tick history is deleted. */
    static final Duration PRUNE_EVERY = Duration.ofHours(1);

    private final ScheduleWatch watch;
    private final AutomationStore store;
    private final InstantSource clock;
    private final boolean enabled;
    private final Duration interval;
    private final Duration retention;
    private ScheduledExecutorService thread;

    AutomationUpkeep(
            ScheduleWatch watch,
            AutomationStore store,
            InstantSource clock,
            @ConfigProperty(name = "sluice.automation.upkeep.enabled", defaultValue = "true") boolean enabled,
            @ConfigProperty(name = "sluice.automation.upkeep.interval", defaultValue = "30s") Duration interval,
            @ConfigProperty(name = "sluice.automation.tick-retention", defaultValue = "30d") Duration retention) {
        if (interval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalStateException("sluice.automation.upkeep.interval must be at least 1s, not " + interval);
        }
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalStateException("sluice.automation.tick-retention must be positive, not " + retention);
        }
        this.watch = watch;
        this.store = store;
        this.clock = clock;
        this.enabled = enabled;
        this.interval = interval;
        this.retention = retention;
    }

    void onStart(@Observes StartupEvent event) {
        if (!enabled) {
            return;
        }
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sluice-automation-upkeep");
            t.setDaemon(true);
            return t;
        });
        thread.scheduleWithFixedDelay(
                () -> quietly("checking the schedules' wake-ups", this::checkSchedules),
                interval.toMillis(),
                interval.toMillis(),
                TimeUnit.MILLISECONDS);
        thread.scheduleWithFixedDelay(
                () -> quietly("pruning tick history", this::prune),
                Duration.ofMinutes(1).toMillis(),
                PRUNE_EVERY.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes ShutdownEvent event) {
        if (thread != null) {
            thread.shutdownNow();
        }
    }

    /** Wakes again each running schedule whose tick is overdue with no wake-up that will handle it. */
    public void checkSchedules() {
        watch.check(interval);
    }

    /** Deletes tick history evaluated before the retention; answers how many entries went. */
    public int prune() {
        Instant before = clock.instant().minus(retention);
        int deleted = store.prune(before);
        if (deleted > 0) {
            LOG.infof(
                    "deleted %,d tick history entries evaluated before %s (retention %s)", deleted, before, retention);
        }
        return deleted;
    }

    /** A chore's failure is logged and the next round tries again: the thread must outlive a database hiccup. */
    private static void quietly(String what, Runnable chore) {
        try {
            chore.run();
        } catch (RuntimeException e) {
            LOG.errorf(e, "automation upkeep: %s failed; it is tried again at the next round", what);
        }
    }
}
