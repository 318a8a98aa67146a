package io.sluice.example;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code raw/form_adv_filings}: the extract landed as-is, no cleanup. Rows already landed are not
 * landed again, so a rerun adds nothing; each landed row carries the run that landed it.
 */
@ApplicationScoped
public class RawFormAdvFilings implements Asset<AssetSpec.NoConfig> {

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder("raw/form_adv_filings")
            .description("Form ADV filings landed as-is from the extract (append-only, deduplicated on filing and owner)")
            .owners("data-platform@example.com")
            .tag("layer", "raw")
            .deps("extract/form_adv_filings")
            .build();

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
        String runId = context.runId().replace("'", "");
        long rows = context.lake().write(FormAdvTables.RAW, lake -> {
            lake.execute("CREATE TABLE IF NOT EXISTS " + FormAdvTables.RAW + " AS SELECT *, ''::VARCHAR AS _load_run_id, "
                    + "now() AS _loaded_at FROM " + FormAdvTables.EXTRACT + " LIMIT 0");
            return lake.execute("INSERT INTO " + FormAdvTables.RAW + " SELECT e.*, '" + runId + "', now() FROM "
                    + FormAdvTables.EXTRACT + " e WHERE NOT EXISTS (SELECT 1 FROM " + FormAdvTables.RAW
                    + " r WHERE r.filing_id = e.filing_id AND r.owner_key = e.owner_key)");
        });
        context.log().info("landed " + rows + " new rows");
        return MaterializeResult.rows(rows).withMetadata("table", FormAdvTables.RAW);
    }
}
