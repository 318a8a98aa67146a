package io.sluice.example;

import io.sluice.catalog.AssetSpec;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.Sql;
import io.sluice.lake.WriteMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * {@code transform/form_adv_firm_identity}: each firm's legal and business name through time, keyed by
 * CRD number. Bi-temporal in key mode: every filing states the firm's names on its date.
 */
@ApplicationScoped
public class FirmIdentity extends FormAdvKeyedAsset {

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder("transform/form_adv_firm_identity")
            .description("Legal and business name of each adviser firm through time (bi-temporal), keyed by CRD number")
            .owners("data-platform@example.com")
            .tag("layer", "transform")
            .tag("key", "crd_number")
            .deps("raw/form_adv_filings")
            .table(
                    FormAdvTables.FIRM_IDENTITY,
                    WriteMode.bitemporal(
                            List.of("crd_number"), List.of("legal_name", "business_name"), "filing_date", List.of()))
            .check(new AssetCheck.NotNull(
                    "names_present", AssetCheck.Severity.ERROR, List.of("legal_name", "business_name")))
            .check(new AssetCheck.UniqueKeys(
                    "one_current_identity_per_firm", AssetCheck.Severity.ERROR, List.of("crd_number")))
            .build();

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    Sql select(Sql source) {
        // a day's last amendment, in SQL that DuckDB and PostgreSQL both read (DISTINCT ON)
        return source.wrap(
                "SELECT DISTINCT ON (crd_number, filing_date) crd_number, filing_date, legal_name, business_name FROM (",
                ") filed ORDER BY crd_number, filing_date, amendment_no DESC");
    }
}
