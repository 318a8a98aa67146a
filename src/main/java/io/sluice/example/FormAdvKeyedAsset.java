package io.sluice.example;

import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.LakeSession;
import io.sluice.lake.Sql;
import java.util.List;
import java.util.Optional;

/**
 * The keyed contract of the Form ADV transforms: keys are CRD numbers, the watermark is raw's table version
 * (its last published write), the changed keys are the CRDs of the filings landed in raw after the version
 * the last run saw, whichever filing days they belong to (a backfill of old days counts as much as today's),
 * and a batch stages the full filing history of its CRDs from raw with one set-based statement. Sluice merges
 * it bi-temporally: a rerun writes nothing, a changed filing opens exactly the versions it changes.
 */
abstract class FormAdvKeyedAsset implements KeyedAsset<AssetSpec.NoConfig> {

    @Override
    public List<String> allKeys(AssetContext<AssetSpec.NoConfig> context) {
        return context.lake()
                .read(lake -> rawExists(lake)
                        ? lake.queryStrings(
                                "SELECT DISTINCT crd_number::VARCHAR FROM " + FormAdvTables.RAW + " ORDER BY 1")
                        : List.of());
    }

    @Override
    public List<String> changedKeys(AssetContext<AssetSpec.NoConfig> context, String since, String until) {
        long after = version(since);
        long upTo = version(until);
        return context.lake()
                .read(lake -> lake.queryStrings(lake.loadsAppended(FormAdvTables.RAW, after, upTo)
                        .wrap(
                                "SELECT DISTINCT crd_number::VARCHAR FROM " + FormAdvTables.RAW
                                        + " WHERE filing_id IN (",
                                ") ORDER BY 1")));
    }

    @Override
    public Optional<String> currentWatermark(AssetContext<AssetSpec.NoConfig> context) {
        return context.lake().read(lake -> {
            long version = rawExists(lake) ? lake.tableVersion(FormAdvTables.RAW) : 0;
            return version == 0 ? Optional.<String>empty() : Optional.of(Long.toString(version));
        });
    }

    /** A watermark as a table version; one that is not (stored by an older Sluice) means "before everything". */
    private static long version(String watermark) {
        try {
            return Long.parseLong(watermark);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public MaterializeResult processBatch(AssetContext<AssetSpec.NoConfig> context, List<String> keys) {
        if (!context.lake().read(FormAdvKeyedAsset::rawExists)) {
            throw new IllegalStateException(
                    "raw/form_adv_filings has not been materialized yet, so there are no filings to "
                            + "transform: land some filing days first (a backfill of extract/form_adv_filings and raw/form_adv_filings)");
        }
        // the batch's keys are one bound list value (VARCHAR[]), never SQL text: unnest(?) reads it as rows
        long unknown = context.lake()
                .read(lake -> lake.queryLong(
                        "SELECT count(*) FROM (SELECT unnest(?) AS key) b WHERE NOT EXISTS (SELECT 1 FROM "
                                + FormAdvTables.RAW + " r WHERE r.crd_number::VARCHAR = b.key)",
                        keys));
        if (unknown > 0) {
            context.log()
                    .warn(unknown + " of " + keys.size() + " keys are not CRD numbers found in raw; they are skipped");
        }
        Sql source =
                Sql.of("SELECT * FROM " + FormAdvTables.RAW + " WHERE crd_number::VARCHAR IN (SELECT unnest(?))", keys);
        long staged = context.output().rows(select(source));
        return MaterializeResult.rows(staged).withMetadata("unknown_keys", unknown);
    }

    private static boolean rawExists(LakeSession lake) {
        return lake.tableExists(FormAdvTables.RAW);
    }

    /**
     * The rows to stage for the batch's CRDs, computed from {@code source} (the raw rows of those CRDs, with the keys
     * bound): {@code source.wrap(...)}.
     */
    abstract Sql select(Sql source);
}
