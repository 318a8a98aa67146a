package io.sluice.example;

import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.LakeSession;
import io.sluice.catalog.MaterializeResult;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The keyed contract of the Form ADV transforms: keys are CRD numbers, the watermark is the latest
 * published date landed in raw, and a batch stages the full filing history of its CRDs from raw with one
 * set-based statement. Sluice merges it bi-temporally: a rerun writes nothing, a changed filing opens
 * exactly the versions it changes.
 */
abstract class FormAdvKeyedAsset implements KeyedAsset<AssetSpec.NoConfig> {

    @Override
    public List<String> allKeys(AssetContext<AssetSpec.NoConfig> context) {
        return context.lake().read(lake -> rawExists(lake)
                ? lake.queryStrings("SELECT DISTINCT crd_number::VARCHAR FROM " + FormAdvTables.RAW + " ORDER BY 1")
                : List.of());
    }

    @Override
    public List<String> changedKeys(AssetContext<AssetSpec.NoConfig> context, String since, String until) {
        LocalDate from = LocalDate.parse(since);
        LocalDate to = LocalDate.parse(until);
        return context.lake().read(lake -> lake.queryStrings("SELECT DISTINCT crd_number::VARCHAR FROM " + FormAdvTables.RAW
                + " WHERE published_date > DATE '" + from + "' AND published_date <= DATE '" + to + "' ORDER BY 1"));
    }

    @Override
    public Optional<String> currentWatermark(AssetContext<AssetSpec.NoConfig> context) {
        return context.lake().read(lake -> rawExists(lake)
                ? Optional.ofNullable(lake.queryStrings("SELECT max(published_date)::VARCHAR FROM " + FormAdvTables.RAW).get(0))
                : Optional.empty());
    }

    @Override
    public MaterializeResult processBatch(AssetContext<AssetSpec.NoConfig> context, List<String> keys) {
        String keyList = keys.stream().map(k -> "'" + k.replace("'", "''") + "'").collect(java.util.stream.Collectors.joining(", "));
        long unknown = context.lake().read(lake -> lake.queryLong("SELECT count(*) FROM (VALUES " + values(keys) + ") b(key) "
                + "WHERE NOT EXISTS (SELECT 1 FROM " + FormAdvTables.RAW + " r WHERE r.crd_number::VARCHAR = b.key)"));
        if (unknown > 0) {
            context.log().warn(unknown + " of " + keys.size() + " keys are not CRD numbers found in raw; they are skipped");
        }
        String source = "SELECT * FROM " + FormAdvTables.RAW + " WHERE crd_number::VARCHAR IN (" + keyList + ")";
        long staged = context.output().rows(select(source));
        return MaterializeResult.rows(staged).withMetadata("unknown_keys", unknown);
    }

    private static String values(List<String> keys) {
        return keys.stream().map(k -> "('" + k.replace("'", "''") + "')").collect(java.util.stream.Collectors.joining(", "));
    }

    private static boolean rawExists(LakeSession lake) {
        return lake.tableExists(FormAdvTables.RAW);
    }

    /** The rows to stage for the batch's CRDs, computed from {@code source} (the raw rows of those CRDs). */
    abstract String select(String source);
}
