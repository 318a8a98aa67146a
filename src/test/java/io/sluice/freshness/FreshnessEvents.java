package io.sluice.freshness;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records every {@link FreshnessChanged} the application fires, for the freshness tests. */
@ApplicationScoped
public class FreshnessEvents {

    private final List<FreshnessChanged> seen = new CopyOnWriteArrayList<>();

    void on(@Observes FreshnessChanged event) {
        seen.add(event);
    }

    public List<FreshnessChanged> seen() {
        return List.copyOf(seen);
    }

    public void clear() {
        seen.clear();
    }
}
