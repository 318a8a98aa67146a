package io.sluice.example;

import io.sluice.catalog.AssetSpec;
import jakarta.enterprise.context.ApplicationScoped;

/** {@code transform/form_adv_firm_ownership}: one row per CRD and owner, with the owner's latest role and code. */
@ApplicationScoped
public class FirmOwnership extends FormAdvKeyedAsset {

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder("transform/form_adv_firm_ownership")
            .description("Owners of each adviser firm across its filings (latest role and ownership code, first and last seen)")
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
        return FormAdvTables.FIRM_OWNERSHIP;
    }

    @Override
    String select(String source, String runId) {
        return "WITH src AS (" + source + "), latest AS (SELECT crd_number, max(filing_date) AS last_filing FROM src GROUP BY crd_number) "
                + "SELECT s.crd_number, s.owner_key, arg_max(s.owner_name, (s.filing_date, s.amendment_no)) AS owner_name, "
                + "arg_max(s.owner_role, (s.filing_date, s.amendment_no)) AS owner_role, "
                + "arg_max(s.ownership_code, (s.filing_date, s.amendment_no)) AS ownership_code, "
                + "min(s.filing_date) AS first_seen, max(s.filing_date) AS last_seen, "
                + "max(s.filing_date) = any_value(l.last_filing) AS current_owner, '" + runId + "' AS _run_id "
                + "FROM src s JOIN latest l USING (crd_number) GROUP BY s.crd_number, s.owner_key";
    }
}
