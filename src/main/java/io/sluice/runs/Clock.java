package io.sluice.runs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.InstantSource;

/** Time is injected so that tests can set it. */
@ApplicationScoped
public class Clock {

    @Produces
    @ApplicationScoped
    InstantSource instantSource() {
        return InstantSource.system();
    }
}
