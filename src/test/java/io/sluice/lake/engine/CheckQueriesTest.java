package io.sluice.lake.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.WriteMode;
import org.junit.jupiter.api.Test;

class CheckQueriesTest {

    private static final String CURRENT = CheckQueries.currentRows("firms", WriteMode.upsert("id"));

    private static String custom(String sql) {
        return CheckQueries.violations(new AssetCheck.CustomSql("c", AssetCheck.Severity.ERROR, sql), CURRENT);
    }

    @Test
    void aCustomCheckReadsTheCurrentRowsAsACommonTableExpression() {
        assertThat(custom("SELECT * FROM {table} WHERE day > current_date"))
                .isEqualTo(
                        "WITH checked_rows AS (SELECT * FROM firms) SELECT * FROM checked_rows WHERE day > current_date");
        assertThat(custom("select * from {table} t join {table} u on t.id = u.id"))
                .isEqualTo("WITH checked_rows AS (SELECT * FROM firms) select * from checked_rows t join checked_rows u"
                        + " on t.id = u.id");
    }

    @Test
    void aCustomCheckWithItsOwnCommonTableExpressionsGetsTheRowsFirst() {
        assertThat(custom("with late AS (SELECT * FROM {table} WHERE late) SELECT * FROM late"))
                .isEqualTo("WITH checked_rows AS (SELECT * FROM firms), late AS (SELECT * FROM checked_rows WHERE late)"
                        + " SELECT * FROM late");
        assertThat(
                        custom(
                                "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM {table} JOIN r ON id = n"))
                .startsWith("WITH RECURSIVE checked_rows AS (SELECT * FROM firms), r(n) AS (");
    }

    @Test
    void aThresholdIsInclusiveOpenOnAMissingBoundAndFailsWithoutAValue() {
        AssetCheck.ValueThreshold atMost =
                new AssetCheck.ValueThreshold("t", AssetCheck.Severity.WARN, "SELECT value FROM {table}", null, 0.6);
        AssetCheck.ValueThreshold between =
                new AssetCheck.ValueThreshold("t", AssetCheck.Severity.WARN, "SELECT 1 FROM {table}", 1.0, 2.0);
        assertThat(CheckQueries.withinBounds(0.6, atMost)).isTrue();
        assertThat(CheckQueries.withinBounds(-1e9, atMost)).isTrue();
        assertThat(CheckQueries.withinBounds(0.61, atMost)).isFalse();
        assertThat(CheckQueries.withinBounds(null, atMost)).isFalse();
        assertThat(CheckQueries.withinBounds(Double.NaN, atMost)).isFalse();
        assertThat(CheckQueries.withinBounds(0.5, between)).isFalse();
        assertThat(CheckQueries.withinBounds(1.0, between)).isTrue();
        assertThat(CheckQueries.threshold(atMost, null)).isEqualTo("in [-inf, 0.6]");
        assertThat(CheckQueries.threshold(between, null)).isEqualTo("in [1, 2]");
        assertThatThrownBy(() -> new AssetCheck.ValueThreshold("t", AssetCheck.Severity.WARN, "SELECT 1", 0.0, null))
                .hasMessageContaining("{table}");
        assertThatThrownBy(() -> new AssetCheck.ValueThreshold(
                        "t", AssetCheck.Severity.WARN, "SELECT 1 FROM {table}", null, null))
                .hasMessageContaining("min or max");
    }
}
