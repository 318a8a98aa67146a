package io.sluice.web;

import io.quarkus.test.junit.QuarkusTestProfile;
import io.sluice.testing.AssetPageBenchAssets;
import java.util.Map;

/** The backfill page benchmark's application: bench/hourly_100k in the catalog, runs stored but never executed. */
public class BackfillPageBenchProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(AssetPageBenchAssets.PROPERTY, "true", "sluice.runs.execute", "false");
    }
}
