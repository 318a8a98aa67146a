package io.sluice.example;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.sluice.lake.CheckResult;
import io.sluice.runs.RunStatus;
import io.sluice.testkit.RunResult;
import io.sluice.testkit.SluiceTestKit;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The ownership scorecard on a small fixed ownership history whose figures are computed by hand below; one subclass per
 * lake engine.
 */
abstract class ScorecardContract {

    static final String COLUMNS = "crd_number BIGINT, owner_key VARCHAR, owner_name VARCHAR, owner_role VARCHAR, "
            + "ownership_code VARCHAR, valid_from DATE, valid_to DATE, value_hash VARCHAR, system_from TIMESTAMPTZ, "
            + "system_to TIMESTAMPTZ";

    static final Instant S1 = Instant.parse("2026-01-01T00:00:00Z");
    static final Instant S2 = Instant.parse("2026-02-01T00:00:00Z");

    @Inject
    SluiceTestKit sluice;

    /**
     * Twelve rows, two system versions S1 and S2; rows 8 and 9 are an old belief (system_to set), the other ten the
     * current belief.
     *
     * <pre>
     *  #  crd owner code valid_from  valid_to    hash system_from system_to
     *  1  100 A     A    2001-01-01  2003-01-01  h1   S1          -
     *  2  100 A     A    2004-01-01  -           h1   S1          -      gap 365 d after 1, same value
     *  3  100 B     B    2001-01-01  2002-01-01  h2   S1          -
     *  4  100 B     C    2002-06-01  -           h3   S2          -      gap 151 d after 3 (31+28+31+30+31), changed
     *  5  200 C     null 2002-01-01  2002-03-01  h4   S1          -
     *  6  200 C     NA   2002-03-01  2005-07-01  h5   S2          -      no gap (contiguous)
     *  7  200 C     NA   2005-08-01  -           h5   S2          -      gap 31 d after 6, same value
     *  8  200 C     E    2002-03-01  -           h6   S1          S2     old belief: not in any figure but the versions
     *  9  200 D     null 2003-01-01  -           h7   S1          S2     old belief
     * 10  300 E     D    2001-06-01  2001-09-01  h8   S1          -
     * 11  300 E     E    2001-09-01  2001-12-01  h9   S1          -      no gap
     * 12  300 E     F    2008-12-01  -           h10  S2          -      gap 2557 d after 11 (7*365 + 2 leap days), changed
     * </pre>
     */
    static List<List<?>> ownership() {
        List<List<?>> rows = new ArrayList<>();
        rows.add(row(100, "A", "A", "2001-01-01", "2003-01-01", "h1", S1, null));
        rows.add(row(100, "A", "A", "2004-01-01", null, "h1", S1, null));
        rows.add(row(100, "B", "B", "2001-01-01", "2002-01-01", "h2", S1, null));
        rows.add(row(100, "B", "C", "2002-06-01", null, "h3", S2, null));
        rows.add(row(200, "C", null, "2002-01-01", "2002-03-01", "h4", S1, null));
        rows.add(row(200, "C", "NA", "2002-03-01", "2005-07-01", "h5", S2, null));
        rows.add(row(200, "C", "NA", "2005-08-01", null, "h5", S2, null));
        rows.add(row(200, "C", "E", "2002-03-01", null, "h6", S1, S2));
        rows.add(row(200, "D", null, "2003-01-01", null, "h7", S1, S2));
        rows.add(row(300, "E", "D", "2001-06-01", "2001-09-01", "h8", S1, null));
        rows.add(row(300, "E", "E", "2001-09-01", "2001-12-01", "h9", S1, null));
        rows.add(row(300, "E", "F", "2008-12-01", null, "h10", S2, null));
        return rows;
    }

    private static List<?> row(
            long crd, String owner, String code, String from, String to, String hash, Instant sysFrom, Instant sysTo) {
        return Arrays.asList(
                crd,
                owner,
                "Owner " + owner,
                "role",
                code,
                LocalDate.parse(from),
                to == null ? null : LocalDate.parse(to),
                hash,
                sysFrom,
                sysTo);
    }

    @Test
    void everyFigureMatchesTheHandComputedValueAndRunsKeepTheirHistory() {
        // the scorecard runs after its upstream only: materialize the pipeline on one small filing day, then replace
        // the
        // ownership table's rows with the fixed history
        RunResult landed = sluice.materialize("extract/form_adv_filings", "raw/form_adv_filings")
                .partitions("2001-01-02")
                .config("extract/form_adv_filings", Map.of("firms", 2, "seed", 1, "through", "2001-01-02"))
                .run();
        assertThat(landed.status()).as(landed.error()).isEqualTo(RunStatus.SUCCESS);
        RunResult ownership =
                sluice.materialize("transform/form_adv_firm_ownership").run();
        assertThat(ownership.status()).as(ownership.error()).isEqualTo(RunStatus.SUCCESS);
        sluice.seed(FormAdvTables.FIRM_OWNERSHIP, COLUMNS, ownership());
        RunResult run = sluice.materialize(OwnershipScorecard.KEY).run();
        assertThat(run.status()).as(run.error()).isEqualTo(RunStatus.SUCCESS);

        Map<String, Double> figures = figures(run.id());
        // rows: 12 in all, 10 in the current belief (all but 8 and 9)
        assertThat(figures).containsEntry("rows|all", 12.0).containsEntry("rows|current belief", 10.0);
        // system versions over all rows: S1 holds 1 2 3 5 8 9 10 11 = 8 of 12, S2 holds 4 6 7 12 = 4 of 12
        assertThat(figures.entrySet().stream()
                        .filter(e -> e.getKey().startsWith("system_version_share|"))
                        .map(Map.Entry::getValue)
                        .sorted()
                        .toList())
                .satisfiesExactly(
                        v -> assertThat(v).isCloseTo(4.0 / 12, within(1e-9)),
                        v -> assertThat(v).isCloseTo(8.0 / 12, within(1e-9)));
        // codes of the current belief (10 rows): A 2, NA 2, B 1, C 1, D 1, E 1, F 1, NULL 1 -> 7 distinct, nulls 1/10
        assertThat(figures).containsEntry("ownership_code_distinct|", 7.0);
        assertThat(figures.get("ownership_code_null_share|")).isCloseTo(0.1, within(1e-9));
        // top five by count, ties by code: A .2, NA .2, B .1, C .1, D .1 (E and F are left out); together .7
        assertThat(figures.get("ownership_code_share|A")).isCloseTo(0.2, within(1e-9));
        assertThat(figures.get("ownership_code_share|NA")).isCloseTo(0.2, within(1e-9));
        assertThat(figures.get("ownership_code_share|B")).isCloseTo(0.1, within(1e-9));
        assertThat(figures.get("ownership_code_share|C")).isCloseTo(0.1, within(1e-9));
        assertThat(figures.get("ownership_code_share|D")).isCloseTo(0.1, within(1e-9));
        assertThat(figures).doesNotContainKeys("ownership_code_share|E", "ownership_code_share|F");
        assertThat(figures.get("ownership_code_top_share|top 5")).isCloseTo(0.7, within(1e-9));
        // depth: earliest valid_from 2001-01-01, latest of valid_from (2008-12-01) and valid_to (2005-07-01):
        // 2001-01-01 to 2008-01-01 is 7*365 + 1 (2004) = 2556 days, to 2008-12-01 another 335 (2008 is leap): 2891
        assertThat(figures.get("temporal_depth_years|2001-01-01 to 2008-12-01")).isCloseTo(2891 / 365.25, within(1e-9));
        // records opened per year of valid_from: 2001: 1 3 10 11, 2002: 4 5 6, 2004: 2, 2005: 7, 2008: 12
        assertThat(figures)
                .containsEntry("records_opened|2001", 4.0)
                .containsEntry("records_opened|2002", 3.0)
                .containsEntry("records_opened|2004", 1.0)
                .containsEntry("records_opened|2005", 1.0)
                .containsEntry("records_opened|2008", 1.0);
        // gaps: same value 365 (1-2) and 31 (6-7); value changed 151 (3-4) and 2557 (11-12)
        assertThat(figures)
                .containsEntry("gap_count|same value", 2.0)
                .containsEntry("gap_shortest_days|same value", 31.0)
                .containsEntry("gap_longest_days|same value", 365.0)
                .containsEntry("gap_count|value changed", 2.0)
                .containsEntry("gap_shortest_days|value changed", 151.0)
                .containsEntry("gap_longest_days|value changed", 2557.0);
        // nothing else: 2 row counts, 2 versions, distinct, nulls, 5 codes, top five, depth, 5 years, 6 gap figures
        assertThat(figures).hasSize(24);
        CheckResult nulls = run.checks(OwnershipScorecard.KEY).get(0);
        assertThat(nulls.name()).isEqualTo("ownership_code_nulls_at_most_60pct");
        assertThat(nulls.passed()).isTrue();
        assertThat(nulls.observed()).isEqualTo("0.1");

        // a second run over mostly null codes: its figures are added, the first run's stay, the warning fires
        List<List<?>> nullCodes = List.of(
                row(400, "X", null, "2010-01-01", null, "x", S1, null),
                row(400, "Y", null, "2010-01-01", null, "y", S1, null),
                row(400, "Z", "A", "2010-01-01", null, "z", S1, null));
        sluice.seed(FormAdvTables.FIRM_OWNERSHIP, COLUMNS, nullCodes);
        RunResult second = sluice.materialize(OwnershipScorecard.KEY).run();
        assertThat(second.status()).as(second.error()).isEqualTo(RunStatus.SUCCESS);
        assertThat(figures(second.id()).get("ownership_code_null_share|")).isCloseTo(2.0 / 3, within(1e-9));
        assertThat(figures(second.id()))
                .as("no gaps: counted as none, no shortest or longest")
                .containsEntry("gap_count|same value", 0.0)
                .doesNotContainKey("gap_shortest_days|same value");
        assertThat(figures(run.id())).as("the first run's figures are kept").hasSize(24);
        CheckResult warned = second.checks(OwnershipScorecard.KEY).get(0);
        assertThat(warned.passed()).isFalse();
        assertThat(warned.observed()).startsWith("0.666");
        assertThat(second.failedChecks()).hasSize(1);

        // the asset page shows the figures, without JavaScript: the latest as a table, both runs in the history, bars
        String page = given().get("/assets/" + OwnershipScorecard.KEY)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(page)
                .contains("id=\"scorecard-latest\"", "id=\"scorecard-history\"", "id=\"scorecard-bars\"")
                .contains("<code>ownership_code_null_share</code>", "0.6667", second.id(), run.id())
                .contains("<title>2010: 3</title>")
                .contains("uPlot.iife.min.js", "/static/scorecard.js");
        assertThat(given().get("/assets/transform/form_adv_firm_ownership")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .as("a table of another shape has no scorecard")
                .doesNotContain("id=\"scorecard\"");
    }

    /** A run's figures as {@code metric|dimension -> value}. */
    private Map<String, Double> figures(String runId) {
        Map<String, Double> figures = new TreeMap<>();
        for (String line : sluice.query(
                "SELECT metric || '|' || dimension || '|' || CAST(value AS VARCHAR) FROM "
                        + FormAdvTables.OWNERSHIP_SCORECARD + " WHERE run_id = ?",
                runId)) {
            int last = line.lastIndexOf('|');
            figures.put(line.substring(0, last), Double.parseDouble(line.substring(last + 1)));
        }
        return figures;
    }
}
