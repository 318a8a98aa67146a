package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Puts the 100,000-partition asset of the asset page benchmark in the catalog. */
public class AssetPageBenchProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(AssetPageBenchAssets.PROPERTY, "true");
    }
}
