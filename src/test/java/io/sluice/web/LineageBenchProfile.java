package io.sluice.web;

import io.quarkus.test.junit.QuarkusTestProfile;
import io.sluice.catalog.ThousandAssetCatalog;
import java.util.Set;

/** The lineage benchmark's application: the test catalog plus 1,000 synthetic assets. */
public class LineageBenchProfile implements QuarkusTestProfile {

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(ThousandAssetCatalog.class);
    }
}
