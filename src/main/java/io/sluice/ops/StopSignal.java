package io.sluice.ops;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;
import sun.misc.Signal;

/**
 * SIGTERM is how Sluice is asked to stop (systemd, Kubernetes, {@code kill}): the node drains its runs and stops, and
 * the process then exits with status 0, a clean stop, rather than the JVM's 143 for a signal. (The packaged server
 * only; a test or dev-mode JVM keeps its own handling.)
 */
@ApplicationScoped
public class StopSignal {

    private static final Logger LOG = Logger.getLogger(StopSignal.class);

    void onStart(@Observes StartupEvent event) {
        if (LaunchMode.current() != LaunchMode.NORMAL) {
            return;
        }
        try {
            Signal.handle(new Signal("TERM"), signal -> {
                LOG.info("SIGTERM: Sluice stops (its node drains first)");
                Quarkus.asyncExit(0);
            });
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            LOG.debugf("SIGTERM keeps the JVM's handling: %s", e.toString());
        }
    }
}
