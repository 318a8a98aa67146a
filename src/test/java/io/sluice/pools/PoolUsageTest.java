package io.sluice.pools;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PoolUsageTest {

    private static final Map<String, String> POOLS = Map.of("g/a", "warehouse", "g/b", "warehouse", "g/c", "api");

    private static Run run(String id, String... assets) {
        List<AssetKey> keys =
                java.util.Arrays.stream(assets).map(AssetKey::parse).toList();
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        return new Run(
                id,
                RunStatus.STARTED,
                MaterializationMode.INCREMENTAL,
                keys,
                List.of(),
                List.of(),
                "{}",
                null,
                "tester",
                now,
                now,
                null,
                0,
                0,
                0,
                null,
                false,
                keys.stream().map(k -> RunStep.queued(0, k)).toList(),
                RunKind.MATERIALIZE,
                null,
                null,
                Map.of());
    }

    @Test
    void aRunCountsOncePerPoolItsAssetsDeclare() {
        Map<String, Integer> usage = PoolUsage.count(
                List.of(run("r1", "g/a", "g/b"), run("r2", "g/a", "g/c"), run("r3", "g/d")),
                key -> Optional.ofNullable(POOLS.get(key.toString())));
        assertThat(usage).containsExactly(Map.entry("api", 1), Map.entry("warehouse", 2));
    }

    @Test
    void noRunsNoUsage() {
        assertThat(PoolUsage.count(List.of(), key -> Optional.of("x"))).isEmpty();
    }
}
