package io.sluice.automation.trigger;

import io.quarkus.arc.properties.IfBuildProperty;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import jakarta.enterprise.context.ApplicationScoped;

/** {@code test/after_checked}: downstream of {@code test/checked} (whose blocking check can fail), trigger tests only. */
@ApplicationScoped
@IfBuildProperty(name = TestTriggerPolicies.PROPERTY, stringValue = "true")
public class AfterChecked implements Asset<AssetSpec.NoConfig> {
    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return AssetSpec.builder("test/after_checked").deps("test/checked").build();
    }

    @Override
    public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
        return MaterializeResult.rows(1);
    }
}
