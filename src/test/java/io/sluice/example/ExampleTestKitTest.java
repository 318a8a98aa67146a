package io.sluice.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.lake.Lake;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunStatus;
import io.sluice.testing.TestKitProfile;
import io.sluice.testkit.RunResult;
import io.sluice.testkit.SluiceTestKit;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The Form ADV pipeline tested as a user tests their own assets, with {@link SluiceTestKit}: no HTTP call, real runs
 * through the launch, queue and worker path, results read back from the run and the lake (bi-temporal rows as of a
 * time). The steps build on each other.
 */
@QuarkusTest
@TestProfile(TestKitProfile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExampleTestKitTest {

    private static final String EXTRACT = "extract/form_adv_filings";
    private static final String RAW = "raw/form_adv_filings";
    private static final String IDENTITY = "transform/form_adv_firm_identity";
    private static final String OWNERSHIP = "transform/form_adv_firm_ownership";
    private static final String IDENTITY_TABLE = "form_adv_firm_identity";

    static Instant afterFirstLoad;

    @Inject
    SluiceTestKit sluice;

    @Inject
    Lake lake;

    @Test
    @Order(1)
    void aSelectionLandsPartitionsWithItsConfigAndAFirstIncrementalRunLoadsTheTransforms() {
        RunResult landed = sluice.materialize(EXTRACT, RAW)
                .partitions(days("2001-01-01", "2003-12-31"))
                .config(EXTRACT, Map.of("firms", 40, "seed", 1, "through", "2003-12-31"))
                .run();
        assertThat(landed.status()).as(landed.error()).isEqualTo(RunStatus.SUCCESS);
        assertThat(landed.run().partitions()).hasSize(1095);
        assertThat(landed.rowsStaged("raw_form_adv_filings"))
                .isPositive()
                .isEqualTo(Long.parseLong(sluice.query("SELECT count(*) FROM raw_form_adv_filings")
                        .get(0)));

        RunResult first = sluice.materialize(IDENTITY, OWNERSHIP).run();
        assertThat(first.status()).as(first.error()).isEqualTo(RunStatus.SUCCESS);
        long crds = Long.parseLong(sluice.query("SELECT count(DISTINCT crd_number) FROM raw_form_adv_filings")
                .get(0));
        assertThat(crds).isPositive();
        assertThat(first.keyCount()).as("every CRD in each transform").isEqualTo(2 * crds);
        assertThat(first.rowsWritten()).isPositive();
        assertThat(first.failedChecks()).isEmpty();
        assertThat(first.checks(IDENTITY))
                .extracting(c -> c.name())
                .contains("names_present", "one_current_identity_per_firm");
        assertThat(sluice.rows(IDENTITY_TABLE)).isNotEmpty();
        afterFirstLoad = first.run().endedAt();

        RunResult again = sluice.materialize(IDENTITY, OWNERSHIP).incremental().run();
        assertThat(again.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(again.keyCount()).as("raw did not change").isZero();
    }

    @Test
    @Order(2)
    void singleKeyRewritesOneCrdAndTheOldBeliefStaysReadableAsOfBefore() {
        String crd = sluice.query("SELECT min(crd_number)::VARCHAR FROM raw_form_adv_filings")
                .get(0);
        sluice.seed(
                "corrections",
                "crd_number BIGINT, legal_name VARCHAR",
                List.of(List.of(Long.parseLong(crd), "Corrected Name LLC")));
        long updated = Long.parseLong(sluice.query(
                        "SELECT count(*) FROM raw_form_adv_filings r JOIN corrections c "
                                + "USING (crd_number) WHERE r.filing_date >= ?",
                        LocalDate.parse("2002-01-01"))
                .get(0));
        assertThat(updated).isPositive();
        applyCorrections();

        RunResult run = sluice.materialize(IDENTITY).singleKey(crd).run();
        assertThat(run.status()).as(run.error()).isEqualTo(RunStatus.SUCCESS);
        assertThat(run.keyCount()).isEqualTo(1);
        assertThat(sluice.rows(IDENTITY_TABLE, crd))
                .filteredOn(r -> r.get("valid_to") == null)
                .extracting(r -> r.get("legal_name"))
                .containsExactly("Corrected Name LLC");
        assertThat(sluice.rowsAsOf(IDENTITY_TABLE, LocalDate.parse("2003-12-31"), afterFirstLoad))
                .filteredOn(r -> crd.equals(String.valueOf(r.get("crd_number"))))
                .extracting(r -> r.get("legal_name"))
                .as("as known right after the first load, before the correction")
                .doesNotContain("Corrected Name LLC")
                .hasSize(1);
    }

    @Test
    @Order(3)
    void aKeyThatLooksLikeSqlIsOneUnknownCrdAndAFullRefreshRebuildsTheSameBelief() {
        List<Map<String, Object>> before = sluice.rows(IDENTITY_TABLE);

        RunResult odd = sluice.materialize(IDENTITY, OWNERSHIP)
                .singleKey("x' OR '1'='1")
                .run();
        assertThat(odd.status()).as(odd.error()).isEqualTo(RunStatus.SUCCESS);
        assertThat(odd.metadata(IDENTITY)).containsEntry("unknown_keys", 1);
        assertThat(odd.rowsWritten()).isZero();

        RunResult full = sluice.materialize(IDENTITY).fullRefresh().run();
        assertThat(full.status()).as(full.error()).isEqualTo(RunStatus.SUCCESS);
        assertThat(full.keyCount())
                .isEqualTo(Long.parseLong(sluice.query("SELECT count(DISTINCT crd_number) FROM raw_form_adv_filings")
                        .get(0)));
        assertThat(sluice.rows(IDENTITY_TABLE)).as("the same belief, rebuilt").hasSameElementsAs(before);
    }

    @Test
    @Order(4)
    void aBadRequestIsRefusedAndStoresNothing() {
        assertThatThrownBy(() -> sluice.materialize(EXTRACT)
                        .config(Map.of("firms", 0))
                        .partitions("2001-01-01")
                        .run())
                .isInstanceOf(RequestRejected.class);
        assertThatThrownBy(() -> sluice.materialize("nope/none").run()).isInstanceOf(RequestRejected.class);
        assertThatThrownBy(() -> sluice.seed("bad name", "a INT", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static String[] days(String first, String last) {
        return LocalDate.parse(first)
                .datesUntil(LocalDate.parse(last).plusDays(1))
                .map(LocalDate::toString)
                .toArray(String[]::new);
    }

    /** The correction arrives upstream: raw's names for the seeded CRDs change from 2002 (set-based, values bound). */
    private void applyCorrections() {
        applyCorrections(lake);
    }

    /** {@link #applyCorrections()} on {@code lake}: the SQL is portable, so on either engine. */
    static void applyCorrections(Lake lake) {
        lake.write(
                "raw_form_adv_filings",
                s -> s.execute(
                        "UPDATE raw_form_adv_filings r SET legal_name = c.legal_name FROM corrections c "
                                + "WHERE r.crd_number = c.crd_number AND r.filing_date >= ?",
                        LocalDate.parse("2002-01-01")));
    }
}
