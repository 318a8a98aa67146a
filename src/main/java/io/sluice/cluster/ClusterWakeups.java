package io.sluice.cluster;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.automation.trigger.TriggerLoop;
import io.sluice.runs.dispatch.RunExecutor;
import io.sluice.store.ActiveStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Wakes this node when another one changes what it waits for (PostgreSQL; on H2 there is one node and nothing to
 * hear): {@link NotifyListener} on a connection of its own, opened from the {@code pg} datasource's URL and credentials
 * outside the pool. Runs queued and drains asked make the dispatcher read the queue again; runs ended elsewhere and
 * limits changed wake it (it reads the limits and the slots in use every round); runs ended and materializations stored
 * wake the trigger evaluator when it watches one of their assets. While it listens, the dispatcher polls only every
 * {@code sluice.cluster.poll-fallback} (10 s), a safety net; while the connection is lost, every 500 ms, as on H2.
 */
@ApplicationScoped
public class ClusterWakeups {

    static final Duration LOST_POLL = Duration.ofMillis(500);
    private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

    private final RunExecutor executor;
    private final TriggerLoop triggers;
    private final ActiveStore store;
    private final Config config;
    private final Event<ClusterSignal.DrainAsked> drains;
    private final Duration pollFallback;
    private volatile NotifyListener listener;

    ClusterWakeups(
            RunExecutor executor,
            TriggerLoop triggers,
            ActiveStore store,
            Config config,
            Event<ClusterSignal.DrainAsked> drains,
            @ConfigProperty(name = "sluice.cluster.poll-fallback", defaultValue = "10s") Duration pollFallback) {
        if (pollFallback.isNegative() || pollFallback.isZero()) {
            throw new IllegalArgumentException("sluice.cluster.poll-fallback must be positive, not " + pollFallback);
        }
        this.executor = executor;
        this.triggers = triggers;
        this.store = store;
        this.config = config;
        this.drains = drains;
        this.pollFallback = pollFallback;
    }

    void onStart(@Observes StartupEvent event) {
        if (!"postgresql".equals(store.backend())) {
            return;
        }
        String url = config.getValue("quarkus.datasource.\"pg\".jdbc.url", String.class);
        Properties properties = new Properties();
        config.getOptionalValue("quarkus.datasource.\"pg\".username", String.class)
                .ifPresent(u -> properties.setProperty("user", u));
        config.getOptionalValue("quarkus.datasource.\"pg\".password", String.class)
                .ifPresent(p -> properties.setProperty("password", p));
        properties.setProperty("ApplicationName", "sluice-wakeups");
        properties.setProperty("tcpKeepAlive", "true");
        properties.setProperty("connectTimeout", "10");
        NotifyListener l = new NotifyListener(
                () -> DriverManager.getConnection(url, properties), receiver(), FIRST_BACKOFF, MAX_BACKOFF);
        listener = l;
        l.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        NotifyListener l = listener;
        listener = null;
        if (l != null) {
            l.stop();
        }
    }

    /** Whether this node hears the other nodes' signals now (false on H2, and while the connection is lost). */
    public boolean listening() {
        NotifyListener l = listener;
        return l != null && l.connected();
    }

    /** What a signal, a connection and its loss do to this node. */
    NotifyListener.Receiver receiver() {
        return new NotifyListener.Receiver() {
            @Override
            public void connected() {
                // signals sent while nobody listened are lost: read everything once
                executor.pollEvery(pollFallback);
                executor.refresh();
                triggers.assetsChanged(Set.of());
            }

            @Override
            public void disconnected() {
                executor.pollEvery(LOST_POLL);
            }

            @Override
            public void signal(ClusterSignal signal) {
                if (signal instanceof ClusterSignal.Ended e) {
                    executor.wake();
                    triggers.assetsChanged(e.assets());
                } else if (signal instanceof ClusterSignal.Materialized m) {
                    triggers.assetsChanged(Set.of(m.asset()));
                } else if (signal instanceof ClusterSignal.LimitsChanged) {
                    executor.wake();
                } else if (signal instanceof ClusterSignal.DrainAsked d) {
                    executor.refresh();
                    drains.fire(d);
                } else {
                    executor.refresh(); // runs queued
                }
            }
        };
    }
}
