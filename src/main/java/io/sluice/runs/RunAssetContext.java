package io.sluice.runs;

import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.Lake;
import io.sluice.catalog.RunLogger;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/** The {@link AssetContext} of one asset step of one run (and one partition). */
record RunAssetContext<C extends Record>(
        String runId,
        AssetKey assetKey,
        C config,
        Optional<String> partition,
        RunLogger log,
        Lake lake,
        BooleanSupplier cancelRequested) implements AssetContext<C> {

    @Override
    public boolean isCancelRequested() {
        return cancelRequested.getAsBoolean();
    }
}
