package io.sluice.example;

import io.sluice.catalog.AssetSpec;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.Sql;
import io.sluice.lake.WriteMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * {@code transform/form_adv_firm_ownership}: the owners of each firm through time. Bi-temporal in
 * complete mode by firm: a filing lists all owners of the firm on its date, so an owner missing from a
 * filing has left (and may come back).
 */
@ApplicationScoped
public class FirmOwnership extends FormAdvKeyedAsset {

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder("transform/form_adv_firm_ownership")
            .description(
                    "Owners of each adviser firm through time with role and ownership code (bi-temporal, complete by firm)")
            .owners("data-platform@example.com")
            .tag("layer", "transform")
            .tag("key", "crd_number")
            .deps("raw/form_adv_filings")
            .table(
                    FormAdvTables.FIRM_OWNERSHIP,
                    WriteMode.bitemporal(
                            List.of("crd_number", "owner_key"),
                            List.of("owner_name", "owner_role", "ownership_code"),
                            "filing_date",
                            List.of("crd_number")))
            .check(new AssetCheck.AcceptedValues(
                    "known_ownership_codes",
                    AssetCheck.Severity.ERROR,
                    "ownership_code",
                    List.of("NA", "A", "B", "C", "D", "E", "F")))
            .check(new AssetCheck.RowCountTolerance("owner_count_stable", AssetCheck.Severity.WARN, 50))
            .build();

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    Sql select(Sql source) {
        // a day's last amendment, in SQL that DuckDB and PostgreSQL both read (DISTINCT ON)
        return source.wrap(
                "SELECT DISTINCT ON (crd_number, owner_key, filing_date) crd_number, owner_key, filing_date, owner_name, "
                        + "owner_role, ownership_code FROM (",
                ") filed ORDER BY crd_number, owner_key, filing_date, amendment_no DESC");
    }
}
