package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.partitions.DynamicPartitionKeys;
import io.sluice.partitions.DynamicPartitions;
import io.sluice.partitions.MultiPartitions;
import io.sluice.partitions.PartitionDimension;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.StaticPartitions;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which active runs hold the dynamic partition keys a removal names: pure, over assets and their runs by partition. */
class DynamicKeysInUseTest {

    private static final DynamicPartitions REGIONS = new DynamicPartitions("regions", DynamicPartitionKeys.none());

    private static Asset<AssetSpec.NoConfig> asset(String key, PartitionsDefinition partitions) {
        AssetSpec<AssetSpec.NoConfig> spec =
                AssetSpec.builder(key).partitions(partitions).build();
        return new Asset<>() {
            @Override
            public AssetSpec<AssetSpec.NoConfig> spec() {
                return spec;
            }

            @Override
            public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
                return MaterializeResult.rows(0);
            }
        };
    }

    @Test
    void aKeyIsHeldByRunsOfEveryAssetPartitionedByTheDynamicPartitionsAloneOrAsADimension() {
        var regional = asset("t/regional", REGIONS);
        var byDayAndRegion = asset(
                "t/by_day_and_region",
                MultiPartitions.of(
                        PartitionDimension.of("day", TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1))),
                        PartitionDimension.of("region", REGIONS)));
        var otherDynamic = asset("t/customers", new DynamicPartitions("customers", DynamicPartitionKeys.none()));
        var staticRegions = asset("t/static", StaticPartitions.of("eu", "us"));
        Map<AssetKey, Map<String, Set<String>>> active = Map.of(
                regional.spec().key(), Map.of("eu", Set.of("r1"), "us", Set.of("r2", "r3")),
                byDayAndRegion.spec().key(),
                        Map.of(
                                "2024-01-01|eu",
                                Set.of("r4"),
                                "2024-01-02|apac",
                                Set.of("r5"),
                                "not a multi key",
                                Set.of("r6")),
                otherDynamic.spec().key(), Map.of("eu", Set.of("r7")),
                staticRegions.spec().key(), Map.of("eu", Set.of("r8")));

        Map<String, Set<String>> held = DynamicPartitionService.runsByKey(
                List.of(regional, byDayAndRegion, otherDynamic, staticRegions),
                "regions",
                Set.of("eu", "apac", "latam"),
                asset -> active.getOrDefault(asset, Map.of()));

        assertThat(held).containsExactlyInAnyOrderEntriesOf(Map.of("eu", Set.of("r1", "r4"), "apac", Set.of("r5")));
        assertThat(DynamicPartitionService.runsByKey(
                        List.of(regional, byDayAndRegion),
                        "regions",
                        Set.of("latam"),
                        asset -> active.getOrDefault(asset, Map.of())))
                .as("a key no active run holds")
                .isEmpty();
    }
}
