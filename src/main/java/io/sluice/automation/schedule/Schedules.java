package io.sluice.automation.schedule;

import io.sluice.automation.ScheduleSpec;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The schedules declared in code: every CDI bean of type {@link ScheduleSpec}, declared beside the assets as a producer
 * method, for example {@code @Produces @Singleton ScheduleSpec nightly() { return ScheduleSpec.of(...); }} (a
 * {@code @Singleton} or {@code @Dependent} producer: a record cannot be proxied, so not {@code @ApplicationScoped}).
 * Names are unique and every target asset is in the catalog; either mistake fails start-up with a message naming it.
 */
@ApplicationScoped
public class Schedules {

    private final Map<String, ScheduleSpec> byName;

    @Inject
    Schedules(Instance<ScheduleSpec> declared, AssetCatalog catalog) {
        this(declared.stream().toList(), catalog);
    }

    Schedules(Collection<ScheduleSpec> declared, AssetCatalog catalog) {
        this.byName = check(declared, catalog);
    }

    /** The declared schedules by name, or why they cannot be used (a duplicate name, an unknown target asset). */
    static Map<String, ScheduleSpec> check(Collection<ScheduleSpec> declared, AssetCatalog catalog) {
        Map<String, ScheduleSpec> byName = new LinkedHashMap<>();
        List<ScheduleSpec> sorted = new ArrayList<>(declared);
        sorted.sort((a, b) -> a.name().compareTo(b.name()));
        for (ScheduleSpec spec : sorted) {
            if (byName.putIfAbsent(spec.name(), spec) != null) {
                throw new IllegalStateException("two schedules are declared with the name '" + spec.name()
                        + "'; each schedule needs a name of its own");
            }
            for (AssetKey asset : spec.target().assets()) {
                if (catalog.find(asset).isEmpty()) {
                    throw new IllegalStateException(
                            "schedule '" + spec.name() + "' targets asset " + asset + ", which is not in the catalog");
                }
            }
        }
        return Map.copyOf(byName);
    }

    /** Every declared schedule, by name. */
    public List<ScheduleSpec> all() {
        return byName.values().stream()
                .sorted((a, b) -> a.name().compareTo(b.name()))
                .toList();
    }

    public Optional<ScheduleSpec> find(String name) {
        return Optional.ofNullable(name == null ? null : byName.get(name));
    }

    /** The schedule named {@code name}; a {@link RequestRejected.NotFound} if none is declared. */
    public ScheduleSpec get(String name) {
        return find(name).orElseThrow(() -> RequestRejected.notFound("name", "no schedule is named '" + name + "'"));
    }
}
