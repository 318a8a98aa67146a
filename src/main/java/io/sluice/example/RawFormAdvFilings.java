package io.sluice.example;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.FreshnessPolicy;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.WriteMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * {@code raw/form_adv_filings}: the extract landed as-is, no cleanup, by filing day, with APPEND: each filing
 * is a load, and a filing already landed is never landed again, so a rerun adds nothing. A range of days is
 * staged and published at once (a 24-year backfill can be one write).
 */
@ApplicationScoped
public class RawFormAdvFilings implements Asset<AssetSpec.NoConfig> {

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder("raw/form_adv_filings")
            .description("Form ADV filings landed as-is from the extract (append-only; each filing is landed once)")
            .owners("data-platform@example.com")
            .tag("layer", "raw")
            .deps("extract/form_adv_filings")
            .partitions(FormAdvTables.FILING_DAYS)
            .processesRanges()
            // the extract lands each filing day overnight: the day's partition exists by 06:00 UTC the next morning
            .freshness(FreshnessPolicy.partitionDeadline(LocalTime.of(6, 0), ZoneOffset.UTC, 1, Duration.ofHours(2)))
            .table(FormAdvTables.RAW, WriteMode.append("filing_id").lookedUpBy("crd_number"))
            .check(new AssetCheck.NotNull(
                    "keys_present",
                    AssetCheck.Severity.ERROR,
                    List.of("filing_id", "crd_number", "filing_date", "owner_key")))
            .build();

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
        FormAdvTables.Window days =
                FormAdvTables.Window.of(context.partitionRange().orElseThrow());
        long staged = context.output()
                .rows(
                        "SELECT *, ?::VARCHAR AS _load_run_id, now() AS _loaded_at FROM " + FormAdvTables.EXTRACT
                                + " WHERE filing_date >= ? AND filing_date < ?",
                        context.runId(),
                        days.from(),
                        days.to());
        context.log()
                .info("staged " + staged + " extracted rows filed from " + days.from() + " before " + days.to()
                        + "; filings already landed are skipped");
        return MaterializeResult.rows(staged).withMetadata("table", FormAdvTables.RAW);
    }
}
