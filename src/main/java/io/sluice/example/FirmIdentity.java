package io.sluice.example;

import io.sluice.catalog.AssetSpec;
import jakarta.enterprise.context.ApplicationScoped;

/** {@code transform/form_adv_firm_identity}: one row per CRD with its latest legal and business name. */
@ApplicationScoped
public class FirmIdentity extends FormAdvKeyedAsset {

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder("transform/form_adv_firm_identity")
            .description("Current identity of each adviser firm (latest legal and business name), keyed by CRD number")
            .owners("data-platform@example.com")
            .tag("layer", "transform")
            .tag("key", "crd_number")
            .deps("raw/form_adv_filings")
            .build();

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    String table() {
        return FormAdvTables.FIRM_IDENTITY;
    }

    @Override
    String select(String source, String runId) {
        return "SELECT crd_number, "
                + "arg_max(legal_name, (filing_date, amendment_no)) AS legal_name, "
                + "arg_max(business_name, (filing_date, amendment_no)) AS business_name, "
                + "min(filing_date) AS first_filing_date, max(filing_date) AS last_filing_date, "
                + "count(DISTINCT filing_id) AS filing_count, '" + runId + "' AS _run_id "
                + "FROM (" + source + ") GROUP BY crd_number";
    }
}
