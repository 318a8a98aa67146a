package io.sluice.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeDialect;
import io.sluice.runs.RunStatus;
import io.sluice.testing.PostgresTestKitProfile;
import io.sluice.testkit.RunResult;
import io.sluice.testkit.SluiceTestKit;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The test kit on the PostgreSQL lake, as {@link ExampleTestKitTest} uses it on DuckDB: seeding a table in portable SQL,
 * materializing the example, reading a bi-temporal table's rows by key and as of an earlier run through the
 * PostgreSQL lake's table browser.
 */
@QuarkusTest
@TestProfile(PostgresTestKitProfile.class)
class PostgresTestKitTest {

    private static final String IDENTITY = "transform/form_adv_firm_identity";
    private static final String IDENTITY_TABLE = "form_adv_firm_identity";

    @Inject
    SluiceTestKit sluice;

    @Inject
    Lake lake;

    @Test
    void aSeededTableIsReplacedAndReadBack() {
        assertThat(lake.dialect()).isEqualTo(LakeDialect.POSTGRES);
        String columns = "id VARCHAR, amount DECIMAL(10,2), day DATE";
        assertThat(sluice.seed(
                        "kit_prices",
                        columns,
                        List.of(
                                List.of("a", 1.5, LocalDate.parse("2024-01-01")),
                                List.of("b", 2.25, LocalDate.parse("2024-01-02")))))
                .isEqualTo(2);
        assertThat(sluice.seed("kit_prices", columns, List.of(List.of("c", 3, LocalDate.parse("2024-01-03")))))
                .as("a seed replaces the table")
                .isEqualTo(1);
        List<Map<String, Object>> rows = sluice.rows("kit_prices");
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get("id")).isEqualTo("c");
        assertThat(rows.get(0).get("day")).hasToString("2024-01-03");
        assertThat(sluice.query("SELECT count(*) FROM kit_prices WHERE day >= ?", LocalDate.parse("2024-01-02")))
                .containsExactly("1");
        assertThat(sluice.seed("kit_prices", columns, List.of())).isZero();
        assertThat(sluice.rows("kit_prices")).isEmpty();
    }

    @Test
    void theExampleIsMaterializedAndItsBitemporalRowsReadByKeyAndAsOfAnEarlierRun() {
        RunResult landed = sluice.materialize("extract/form_adv_filings", "raw/form_adv_filings")
                .partitions(ExampleTestKitTest.days("2001-01-01", "2002-12-31"))
                .config("extract/form_adv_filings", Map.of("firms", 10, "seed", 1, "through", "2002-12-31"))
                .run();
        assertThat(landed.status()).as(landed.error()).isEqualTo(RunStatus.SUCCESS);
        RunResult first = sluice.materialize(IDENTITY).fullRefresh().run();
        assertThat(first.status()).as(first.error()).isEqualTo(RunStatus.SUCCESS);
        List<Map<String, Object>> believed = sluice.rows(IDENTITY_TABLE);
        assertThat(believed).isNotEmpty();
        java.time.Instant afterFirstLoad = first.run().endedAt();

        String crd = sluice.query("SELECT CAST(min(crd_number) AS VARCHAR) FROM raw_form_adv_filings")
                .get(0);
        sluice.seed(
                "corrections",
                "crd_number BIGINT, legal_name VARCHAR",
                List.of(List.of(Long.parseLong(crd), "Corrected Name LLC")));
        ExampleTestKitTest.applyCorrections(lake);
        RunResult run = sluice.materialize(IDENTITY).singleKey(crd).run();
        assertThat(run.status()).as(run.error()).isEqualTo(RunStatus.SUCCESS);

        assertThat(sluice.rows(IDENTITY_TABLE, crd))
                .isNotEmpty()
                .allSatisfy(r -> assertThat(String.valueOf(r.get("crd_number"))).isEqualTo(crd))
                .filteredOn(r -> r.get("valid_to") == null)
                .extracting(r -> r.get("legal_name"))
                .containsExactly("Corrected Name LLC");
        assertThat(sluice.rowsAsOf(IDENTITY_TABLE, LocalDate.parse("2002-12-31"), afterFirstLoad))
                .filteredOn(r -> crd.equals(String.valueOf(r.get("crd_number"))))
                .extracting(r -> r.get("legal_name"))
                .as("as known right after the first load, before the correction")
                .hasSize(1)
                .doesNotContain("Corrected Name LLC");
        assertThat(sluice.rowsAsOf(IDENTITY_TABLE, LocalDate.parse("2002-12-31"), null))
                .filteredOn(r -> crd.equals(String.valueOf(r.get("crd_number"))))
                .extracting(r -> r.get("legal_name"))
                .containsExactly("Corrected Name LLC");
        assertThat(sluice.rowsAsOf(IDENTITY_TABLE, null, afterFirstLoad))
                .as("the whole belief of the first load")
                .hasSameSizeAs(believed);
    }
}
