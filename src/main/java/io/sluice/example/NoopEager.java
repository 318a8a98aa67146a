package io.sluice.example;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.sluice.automation.TriggerPolicy;
import io.sluice.automation.trigger.AssetAutomation;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/**
 * {@code bench/noop_eager}: downstream of {@link NoopAsset bench/noop} and {@code eager}, so each materialization of
 * {@code bench/noop} (the every-minute schedule's runs) triggers one run of it: the cluster test counts them to see that a
 * trigger evaluates once across the nodes. Writes nothing; in the catalog only when {@code sluice.bench.enabled=true}.
 */
@ApplicationScoped
@LookupIfProperty(name = "sluice.bench.enabled", stringValue = "true")
public class NoopEager implements Asset<AssetSpec.NoConfig> {

    public static final String KEY = "bench/noop_eager";

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder(KEY)
            .description("Benchmark asset: eager on bench/noop, writes nothing")
            .owners("sluice-bench")
            .tag("layer", "bench")
            .deps(NoopAsset.KEY)
            .build();

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
        return MaterializeResult.rows(0);
    }

    /** Its automation: eager. */
    @Produces
    @LookupIfProperty(name = "sluice.bench.enabled", stringValue = "true")
    static AssetAutomation eager() {
        return AssetAutomation.of(KEY, TriggerPolicy.eager());
    }
}
