package io.sluice.ops;

import io.quarkus.runtime.StartupEvent;
import io.sluice.store.ActiveStore;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.nio.file.Path;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/** Tells the user where to go once the server is up. */
@ApplicationScoped
public class StartupBanner {

    private static final Logger LOG = Logger.getLogger("io.sluice");

    // after every other startup observer (recovering runs, starting the dispatcher): "ready" is the last word of a good
    // start
    void onStart(
            @Observes @Priority(Interceptor.Priority.LIBRARY_AFTER + 1000) StartupEvent event,
            ActiveStore store,
            @ConfigProperty(name = "quarkus.http.port") int port,
            @ConfigProperty(name = "sluice.data-dir") String dataDir) {
        LOG.infof(
                "Sluice is ready: open http://localhost:%d/ (metadata store: %s, data directory: %s)",
                port, store.backend(), Path.of(dataDir).toAbsolutePath().normalize());
    }
}
