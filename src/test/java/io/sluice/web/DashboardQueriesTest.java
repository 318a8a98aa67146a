package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.catalog.ThousandAssetCatalog;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The overview and the catalog read the metadata store a bounded number of times whatever the number of assets
 * (issue 27, item 29): with 1,027 assets in the catalog, a page costs a few dozen statements, not one or more per
 * asset. H2's own statistics count every statement the database executes (the app's background work included, hence
 * a bound well above the pages' own count and far below one per asset).
 */
@QuarkusTest
@TestProfile(LineageBenchProfile.class)
class DashboardQueriesTest {

    /** Far below one statement per asset (1,027), far above the pages' own (about 20) and what runs meanwhile. */
    static final long BOUND = 250;

    @Inject
    DataSource dataSource;

    @Test
    void theOverviewAndTheCatalogReadABoundedNumberOfTimesWhateverTheNumberOfAssets() throws Exception {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute("SET QUERY_STATISTICS_MAX_ENTRIES 100000");
            s.execute("SET QUERY_STATISTICS TRUE");
        }
        for (String page : new String[] {"/", "/assets", "/ui/runs", "/ui/overview/automation"}) {
            given().get(page).then().statusCode(200); // warm: caches, templates
            Map<String, Long> before = statements();
            given().get(page).then().statusCode(200);
            Map<String, Long> after = statements();
            Map<String, Long> ran = new TreeMap<>();
            after.forEach((sql, n) -> {
                long more = n - before.getOrDefault(sql, 0L);
                if (more > 0 && !sql.contains("INFORMATION_SCHEMA.QUERY_STATISTICS")) {
                    ran.put(sql, more);
                }
            });
            long read = ran.values().stream().mapToLong(Long::longValue).sum();
            System.out.printf(
                    Locale.ROOT,
                    "DashboardQueriesTest: GET %s with %,d assets: %d statements, the most run: %s%n",
                    page,
                    ThousandAssetCatalog.SIZE + 27,
                    read,
                    ran.entrySet().stream()
                            .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                            .limit(3)
                            .map(e -> e.getValue() + "x "
                                    + e.getKey()
                                            .substring(
                                                    0, Math.min(80, e.getKey().length())))
                            .toList());
            assertThat(read).as("statements of GET %s", page).isLessThan(BOUND);
        }
    }

    private int reads;

    /**
     * How many times each statement has run so far, by its text. Each read has a text of its own: H2 answers a query
     * it ran before in the session from the result it kept, when no table changed since, and the statistics table is
     * not one that changes.
     */
    private Map<String, Long> statements() throws Exception {
        Map<String, Long> counts = new HashMap<>();
        int read = ++reads;
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT SQL_STATEMENT, EXECUTION_COUNT FROM"
                        + " INFORMATION_SCHEMA.QUERY_STATISTICS WHERE " + read + " = " + read)) {
            while (rs.next()) {
                counts.merge(rs.getString(1), rs.getLong(2), Long::sum);
            }
        }
        return counts;
    }
}
