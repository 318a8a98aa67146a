package io.sluice.testing;

import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.WriteMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/**
 * A keyed asset whose batches reach SQL only as bound values, as every asset's should: a key such as {@code x' OR
 * '1'='1} selects the source rows of that key and no others.
 */
public final class BoundKeyAssets {

    /** The source table a test fills: {@code (key VARCHAR, amount BIGINT)}. */
    public static final String SOURCE = "test_bound_key_source";

    /** The asset's table: one row per key with the sum and count of its source rows. */
    public static final String TABLE = "test_bound_keys";

    private BoundKeyAssets() {}

    /** {@code test/bound_keys}: upserts a row per key from {@link #SOURCE}, its batch's keys bound as one list. */
    @ApplicationScoped
    public static class BoundKeys implements KeyedAsset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/bound_keys")
                    .description("keyed test asset: its keys reach SQL only as a bound list")
                    .table(TABLE, WriteMode.upsert("key"))
                    .build();
        }

        @Override
        public List<String> allKeys(AssetContext<AssetSpec.NoConfig> context) {
            return context.lake().read(s -> s.queryStrings("SELECT DISTINCT key FROM " + SOURCE + " ORDER BY 1"));
        }

        @Override
        public List<String> changedKeys(AssetContext<AssetSpec.NoConfig> context, String since, String until) {
            return allKeys(context);
        }

        @Override
        public Optional<String> currentWatermark(AssetContext<AssetSpec.NoConfig> context) {
            return Optional.empty();
        }

        @Override
        public MaterializeResult processBatch(AssetContext<AssetSpec.NoConfig> context, List<String> keys) {
            long staged = context.output()
                    .rows(
                            "SELECT key, sum(amount) AS total, count(*) AS source_rows FROM " + SOURCE
                                    + " WHERE key IN (SELECT unnest(?)) GROUP BY key",
                            keys);
            return MaterializeResult.rows(staged);
        }
    }
}
