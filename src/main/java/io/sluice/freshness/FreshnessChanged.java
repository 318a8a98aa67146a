package io.sluice.freshness;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Fired (a CDI event) once per transition of an asset's freshness ({@code partition} empty) or of one partition's under
 * a partition deadline, after the transition is committed in the metadata store: once across restarts and across a
 * cluster (the node whose guarded write wins fires it). {@code since} is when the new state began (a deadline, an age
 * threshold, a materialization), not when it was noticed.
 */
public record FreshnessChanged(
        AssetKey asset,
        Optional<String> partition,
        FreshnessState from,
        FreshnessState to,
        Instant since,
        String detail) {

    public FreshnessChanged {
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(detail, "detail");
    }
}
