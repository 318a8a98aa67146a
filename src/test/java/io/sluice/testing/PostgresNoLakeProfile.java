package io.sluice.testing;

import java.util.Map;

/** {@link PostgresProfile} on a node started without the lake ({@code sluice.lake.enabled=false}). */
public class PostgresNoLakeProfile extends PostgresProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sluice.runs.execute", "false", "sluice.lake.enabled", "false");
    }
}
