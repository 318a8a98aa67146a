package io.sluice.runs;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.KeyedAsset;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a rollback of an asset's table means for the assets that read it (its direct downstream assets): which of them
 * read the data the rollback changes (they were materialized after the table first left the restored state), and which
 * of those have their incremental state reset by the rollback, so that their next INCREMENTAL run recomputes every key
 * from the rolled-back table instead of only what their change detection reports (which, built for data that arrives,
 * need not see data a rollback takes out or brings back). An asset that is not keyed has no incremental state: each of
 * its runs computes what it writes from what it reads. Assets further downstream follow when these run again.
 */
@ApplicationScoped
public class RollbackDownstream {

    /** One downstream asset of the rolled-back one. */
    public record Downstream(
            AssetKey asset, boolean keyed, Optional<Instant> lastMaterialized, boolean readChangedData) {

        /** Whether the rollback removes its watermarks: keyed, and it read what the rollback changes. */
        public boolean resetsIncrementalState() {
            return keyed && readChangedData;
        }
    }

    private final AssetCatalog catalog;
    private final RunEventLog events;

    public RollbackDownstream(AssetCatalog catalog, RunEventLog events) {
        this.catalog = catalog;
        this.events = events;
    }

    /**
     * The direct downstream assets of {@code asset}, in key order, against a rollback whose table first left the restored
     * state at {@code changedSince} (empty: it changes nothing).
     */
    public List<Downstream> of(AssetKey asset, Optional<Instant> changedSince) {
        return catalog.graph().downstreamOf(asset).stream()
                .sorted()
                .map(d -> {
                    Optional<Asset<?>> declared = catalog.find(d);
                    boolean keyed =
                            declared.map(a -> a instanceof KeyedAsset<?>).orElse(false);
                    Optional<Instant> last = events.materializationHistory(d, 1).stream()
                            .findFirst()
                            .map(Materialization::ts);
                    boolean read = changedSince.isPresent()
                            && last.isPresent()
                            && !last.get().isBefore(changedSince.get());
                    return new Downstream(d, keyed, last, read);
                })
                .toList();
    }
}
