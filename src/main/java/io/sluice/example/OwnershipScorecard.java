package io.sluice.example;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.WriteMode;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code quality/form_adv_ownership_scorecard}: the health of the bi-temporal ownership table, as the Form ADV team
 * analyses its own (issue 32): rows per system version, ownership codes (distinct, top five, nulls), the temporal depth,
 * records opened per year and the gaps between versions of a firm's owner. One set-based statement on the lake,
 * portable to DuckDB and PostgreSQL, writes the figures in long format ({@code metric, dimension, value}) with APPEND and
 * the run's id as the load, so every run adds its figures and the history across runs stays for checks and charts.
 * Figures are over the current belief ({@code system_to IS NULL}), except the rows per system version, which are over
 * all rows.
 */
@ApplicationScoped
public class OwnershipScorecard implements Asset<AssetSpec.NoConfig> {

    public static final String KEY = "quality/form_adv_ownership_scorecard";

    /** How many of the most frequent ownership codes get a share of their own. */
    static final int TOP_CODES = 5;

    /** The latest run's figure of a metric (no dimension), for checks: {@code %s} is the metric's name. */
    private static final String LATEST_FIGURE = "SELECT value FROM {table} WHERE metric = '%s' AND computed_at = "
            + "(SELECT max(computed_at) FROM {table})";

    private final AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder(KEY)
            .description("Data-quality scorecard of the firm ownership history: system versions, ownership codes, "
                    + "temporal depth, records opened per year, gaps (one row per figure, history across runs)")
            .owners("data-platform@example.com")
            .tag("layer", "quality")
            .deps("transform/form_adv_firm_ownership")
            .table(FormAdvTables.OWNERSHIP_SCORECARD, WriteMode.append("run_id"))
            .check(new AssetCheck.ValueThreshold(
                    "ownership_code_nulls_at_most_60pct",
                    AssetCheck.Severity.WARN,
                    LATEST_FIGURE.formatted("ownership_code_null_share"),
                    null,
                    0.6))
            .build();

    /**
     * The figures of the ownership table; {@code $1} is the run's id, {@code $2} the number of top codes. Each figure
     * is a row {@code (metric, dimension, value)}; a figure with no value (an empty table) is left out.
     */
    static final String FIGURES = "WITH believed AS (SELECT * FROM " + FormAdvTables.FIRM_OWNERSHIP
            + " WHERE system_to IS NULL),"
            + " codes AS (SELECT ownership_code AS code, count(*) AS n FROM believed GROUP BY ownership_code),"
            + " top_codes AS (SELECT code, n, row_number() OVER (ORDER BY n DESC, code) AS place FROM codes"
            + " WHERE code IS NOT NULL),"
            + " versions AS (SELECT valid_from, value_hash,"
            + " lag(valid_to) OVER (PARTITION BY crd_number, owner_key ORDER BY valid_from) AS previous_to,"
            + " lag(value_hash) OVER (PARTITION BY crd_number, owner_key ORDER BY valid_from) AS previous_hash"
            + " FROM believed),"
            + " gaps AS (SELECT CASE WHEN value_hash = previous_hash THEN 'same value' ELSE 'value changed' END"
            + " AS across, valid_from - previous_to AS days FROM versions"
            + " WHERE previous_to IS NOT NULL AND valid_from > previous_to),"
            + " gap_kinds AS (SELECT 'same value' AS across UNION ALL SELECT 'value changed'),"
            + " figures AS ("
            + " SELECT 'rows' AS metric, 'all' AS dimension, count(*) * 1.0 AS value FROM "
            + FormAdvTables.FIRM_OWNERSHIP
            + " UNION ALL SELECT 'rows', 'current belief', count(*) FROM believed"
            + " UNION ALL SELECT 'system_version_share', CAST(system_from AS VARCHAR),"
            + " count(*) * 1.0 / sum(count(*)) OVER () FROM " + FormAdvTables.FIRM_OWNERSHIP + " GROUP BY system_from"
            + " UNION ALL SELECT 'ownership_code_distinct', '', count(DISTINCT ownership_code) FROM believed"
            + " UNION ALL SELECT 'ownership_code_null_share', '',"
            + " sum(CASE WHEN ownership_code IS NULL THEN 1 ELSE 0 END) * 1.0 / nullif(count(*), 0) FROM believed"
            + " UNION ALL SELECT 'ownership_code_share', CAST(code AS VARCHAR),"
            + " n * 1.0 / (SELECT sum(n) FROM codes) FROM top_codes WHERE place <= $2"
            + " UNION ALL SELECT 'ownership_code_top_share', 'top ' || CAST(count(*) AS VARCHAR),"
            + " sum(n) * 1.0 / (SELECT sum(n) FROM codes) FROM top_codes WHERE place <= $2"
            + " UNION ALL SELECT 'temporal_depth_years',"
            + " CAST(min(valid_from) AS VARCHAR) || ' to '"
            + " || CAST(greatest(max(valid_from), coalesce(max(valid_to), max(valid_from))) AS VARCHAR),"
            + " (greatest(max(valid_from), coalesce(max(valid_to), max(valid_from))) - min(valid_from)) / 365.25"
            + " FROM believed"
            + " UNION ALL SELECT 'records_opened', CAST(CAST(extract(year FROM valid_from) AS INTEGER) AS VARCHAR),"
            + " count(*) FROM believed GROUP BY CAST(extract(year FROM valid_from) AS INTEGER)"
            + " UNION ALL SELECT 'gap_count', k.across, count(g.days) FROM gap_kinds k"
            + " LEFT JOIN gaps g ON g.across = k.across GROUP BY k.across"
            + " UNION ALL SELECT 'gap_shortest_days', across, min(days) FROM gaps GROUP BY across"
            + " UNION ALL SELECT 'gap_longest_days', across, max(days) FROM gaps GROUP BY across)"
            + " SELECT CAST($1 AS VARCHAR) AS run_id, now() AS computed_at, CAST(metric AS VARCHAR) AS metric,"
            + " CAST(dimension AS VARCHAR) AS dimension, CAST(value AS DOUBLE PRECISION) AS value"
            + " FROM figures WHERE value IS NOT NULL";

    @Override
    public AssetSpec<AssetSpec.NoConfig> spec() {
        return spec;
    }

    @Override
    public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
        if (!context.lake().read(lake -> lake.tableExists(FormAdvTables.FIRM_OWNERSHIP))) {
            throw new IllegalStateException("transform/form_adv_firm_ownership has not been materialized yet, so "
                    + "there is no ownership history to score: materialize it first");
        }
        long figures = context.output().rows(FIGURES, context.runId(), TOP_CODES);
        context.log().info("computed " + figures + " figures of " + FormAdvTables.FIRM_OWNERSHIP);
        return MaterializeResult.rows(figures).withMetadata("table", FormAdvTables.OWNERSHIP_SCORECARD);
    }
}
