package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.bitemporal.Sql.equal;
import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.quote;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.Sql;
import io.sluice.lake.bitemporal.ValueHash;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The tables and the knowledge base update of a write, as {@link Replace} says: statements as text, no I/O.
 *
 * <p>The companion tables are system-versioned like the version table: a row is believed in
 * {@code [sys_from, sys_to)}, a change closes rows ({@code sys_to = T}) and inserts new ones
 * ({@code sys_from = T}), and nothing is deleted. So the knowledge base as of any system time can be read back,
 * which a rollback needs. Writes read only the current rows ({@code sys_to IS NULL}).
 */
final class KnowledgeSql {

    private final BitemporalTable table;
    private final List<String> keys;
    private final List<String> values;
    private final List<String> scope;
    private final String versions;
    private final String assertions;
    private final String filings;
    private final String rowsT;
    private final String markersT;
    private final String filingsT;
    private final String adiffT;
    private final String fdiffT;
    private final String valuesT;

    KnowledgeSql(BitemporalTable table, TempTables temps) {
        this.table = table;
        this.keys = table.keyColumns();
        this.values = table.valueColumns();
        this.scope = table.scopeColumns();
        this.versions = quote(table.name());
        this.assertions = quote(table.assertionsTable());
        this.filings = quote(table.filingsTable());
        this.rowsT = temps.rowsT;
        this.markersT = temps.markersT;
        this.filingsT = temps.filingsT;
        this.adiffT = temps.adiffT;
        this.fdiffT = temps.fdiffT;
        this.valuesT = temps.valuesT;
    }

    List<String> createTables() {
        List<String> ddl = new ArrayList<>();
        ddl.add("CREATE TABLE IF NOT EXISTS " + versions + " (" + Sql.typed(table, keys, " NOT NULL")
                + Sql.typed(table, values, "")
                + "valid_from DATE NOT NULL, valid_to DATE, value_hash VARCHAR NOT NULL, "
                + "system_from TIMESTAMPTZ NOT NULL, system_to TIMESTAMPTZ)");
        ddl.add("CREATE TABLE IF NOT EXISTS " + assertions + " (" + Sql.typed(table, keys, " NOT NULL")
                + "filing_date DATE NOT NULL, value_hash VARCHAR, sys_from TIMESTAMPTZ NOT NULL, sys_to TIMESTAMPTZ)");
        if (table.completeMode()) {
            ddl.add("CREATE TABLE IF NOT EXISTS " + filings + " (" + Sql.typed(table, scope, " NOT NULL")
                    + "filing_date DATE NOT NULL, sys_from TIMESTAMPTZ NOT NULL, sys_to TIMESTAMPTZ)");
        }
        return ddl;
    }

    /**
     * One query per companion table that selects all its columns and no row: a companion without a {@code sys_to}
     * column has the older layout (its statement is only prepared, which binds the columns without reading the table).
     */
    List<String> companionLayouts() {
        List<String> companions = new ArrayList<>(List.of(assertions));
        if (table.completeMode()) {
            companions.add(filings);
        }
        return companions.stream().map(c -> "SELECT * FROM " + c + " LIMIT 0").toList();
    }

    /**
     * Gives companion tables of an older layout their system-time columns. Their rows are believed since the table's
     * earliest system time (the epoch if it has none): the knowledge base before that is not known, so a rollback to
     * an earlier time of such a table restores the knowledge as it was when it was migrated.
     */
    List<String> addSystemTime() {
        List<String> ddl = new ArrayList<>();
        List<String> companions = new ArrayList<>(List.of(assertions));
        if (table.completeMode()) {
            companions.add(filings);
        }
        for (String companion : companions) {
            ddl.add("ALTER TABLE " + companion + " ADD COLUMN IF NOT EXISTS sys_from TIMESTAMPTZ");
            ddl.add("ALTER TABLE " + companion + " ADD COLUMN IF NOT EXISTS sys_to TIMESTAMPTZ");
            ddl.add("UPDATE " + companion + " SET sys_from = coalesce((SELECT min(system_from) FROM " + versions
                    + "), TIMESTAMPTZ '1970-01-01 00:00:00+00') WHERE sys_from IS NULL");
        }
        return ddl;
    }

    /** Complete mode: the batch's filings, the (scope, date) of every row and marker. */
    String batchFilings() {
        // UNION is distinct already: a DISTINCT on its first part only added a second aggregation of every row
        return "INSERT INTO " + filingsT + " SELECT " + list(scope, "")
                + ", filing_date FROM " + rowsT + " UNION SELECT " + list(scope, "")
                + ", filing_date FROM " + markersT;
    }

    /** The batch's assertions; in key mode a marker without a row is a tombstone (NULL hash). */
    String batchAssertions() {
        String rows = "SELECT " + list(keys, "") + ", filing_date, value_hash FROM " + rowsT;
        if (table.completeMode()) {
            return rows;
        }
        return rows + " UNION ALL " + tombstones();
    }

    /** Key mode: the markers without a row, as assertions with a NULL hash. */
    private String tombstones() {
        return "SELECT " + list(keys, "__sluice_m") + ", __sluice_m.filing_date, CAST(NULL AS VARCHAR) "
                + "FROM " + markersT + " AS __sluice_m ANTI JOIN " + rowsT + " AS __sluice_r ON "
                + equal(keys, "__sluice_m", "__sluice_r")
                + " AND __sluice_m.filing_date = __sluice_r.filing_date";
    }

    /** One row of {@link #sameKnowledge}: whether the batch holds exactly the knowledge the table believes, and its rows in. */
    record Same(boolean same, long rowsIn) {
        static Same of(List<Object> row) {
            return new Same((Boolean) row.get(0), ((Number) row.get(1)).longValue());
        }
    }

    /**
     * A full refresh without markers leaves the knowledge as it is exactly when the batch's rows (typed by
     * {@code typed}, without problems) are the current assertions (key, date, hash), one row each, and, in complete
     * mode, the batch's (scope, date)s are the current filings (the batch cannot repeat an empty filing without a
     * marker). One row: whether that holds, and the batch's row count. Such a batch is also valid: it has no
     * problem and, one row per current assertion, no repeated (key, date).
     *
     * <p>Both sides are compared by order-independent fingerprints, in one aggregate pass over the batch (and one
     * over its (scope, date)s in complete mode) and one over the current companion rows, with no join and no md5 per
     * row: the rows are grouped by their values' text, each group sums two 64-bit hashes of (key, date) in different
     * orders, and the fingerprint is the sum over groups of a hash of those sums with the md5 of the group's values
     * (the value_hash of its rows); the assertions are grouped by value_hash alike. Equal knowledge gives equal
     * fingerprints and counts; different knowledge gives equal ones only by a 64-bit hash collision, and then, as for
     * any other difference in the batch, the general path decides.
     */
    String sameKnowledge(String typed) {
        String byKeyDate = "sum(hash(" + list(keys, "") + ", filing_date)) AS sluice_a1, sum(hash(filing_date, "
                + list(keys, "") + ")) AS sluice_a2, count(*) AS sluice_n";
        // grouped by the values' text, as value_hash tells values apart (INTERVAL '1 month' is '30 days' to DuckDB)
        List<String> texts =
                values.stream().map(v -> "CAST(" + quote(v) + " AS VARCHAR)").toList();
        String batch = "SELECT coalesce(sum(hash(__sluice_g.sluice_a1, __sluice_g.sluice_a2, "
                + ValueHash.sql(values, "__sluice_g") + ")), 0) AS __sluice_fp, "
                + "coalesce(sum(__sluice_g.sluice_n), 0) AS __sluice_n, coalesce(bool_and(__sluice_g.sluice_ok), true) AS __sluice_ok FROM (SELECT "
                + values.stream()
                        .map(v -> "CAST(" + quote(v) + " AS VARCHAR) AS " + quote(v) + ", ")
                        .collect(Collectors.joining())
                + byKeyDate + ", bool_and(sluice_problem IS NULL) AS sluice_ok FROM (" + typed + ") AS __sluice_t"
                + (values.isEmpty() ? "" : " GROUP BY " + String.join(", ", texts)) + ") AS __sluice_g";
        String known =
                "SELECT coalesce(sum(hash(sluice_a1, sluice_a2, value_hash)), 0) AS __sluice_fp, coalesce(sum(sluice_n), 0) AS __sluice_n "
                        + "FROM (SELECT value_hash, " + byKeyDate + " FROM " + assertions
                        + " WHERE sys_to IS NULL GROUP BY value_hash) AS __sluice_g";
        if (!table.completeMode()) {
            return "SELECT __sluice_b.__sluice_ok AND __sluice_b.__sluice_n = __sluice_k.__sluice_n AND __sluice_b.__sluice_fp = __sluice_k.__sluice_fp, __sluice_b.__sluice_n FROM ("
                    + batch + ") AS __sluice_b, (" + known + ") AS __sluice_k";
        }
        String filed =
                "coalesce(sum(hash(" + list(scope, "") + ", filing_date)), 0) AS __sluice_fp, count(*) AS __sluice_n";
        String batchFilings = "SELECT " + filed + " FROM (SELECT DISTINCT " + list(scope, "") + ", filing_date FROM ("
                + typed + ") AS __sluice_t) AS __sluice_d";
        String knownFilings = "SELECT " + filed + " FROM " + filings + " WHERE sys_to IS NULL";
        return "SELECT __sluice_b.__sluice_ok AND __sluice_b.__sluice_n = __sluice_k.__sluice_n AND __sluice_b.__sluice_fp = __sluice_k.__sluice_fp AND __sluice_bf.__sluice_n = __sluice_kf.__sluice_n AND __sluice_bf.__sluice_fp = __sluice_kf.__sluice_fp, __sluice_b.__sluice_n FROM ("
                + batch + ") AS __sluice_b, (" + known + ") AS __sluice_k, (" + batchFilings + ") AS __sluice_bf, ("
                + knownFilings + ") AS __sluice_kf";
    }

    /** Known assertions that the batch replaces, paired with the batch's: only the differences are kept. */
    String assertionDiff(Replace replace) {
        String region = table.completeMode() ? filingsT : "__sluice_n";
        String old = "SELECT " + list(keys, "__sluice_a") + ", __sluice_a.filing_date, __sluice_a.value_hash FROM "
                + assertions + " AS __sluice_a" + replaced(replace, "__sluice_a", region)
                + " WHERE __sluice_a.sys_to IS NULL";
        return "INSERT INTO " + adiffT + " WITH __sluice_n AS (" + batchAssertions() + ") SELECT "
                + keys.stream()
                        .map(k -> "coalesce(__sluice_o." + quote(k) + ", __sluice_n." + quote(k) + ") AS " + quote(k))
                        .collect(Collectors.joining(", "))
                + ", coalesce(__sluice_o.filing_date, __sluice_n.filing_date) AS filing_date, __sluice_n.value_hash AS value_hash, "
                + "__sluice_o.filing_date IS NOT NULL AS sluice_old, __sluice_n.filing_date IS NOT NULL AS sluice_new FROM ("
                + old
                + ") AS __sluice_o FULL JOIN __sluice_n ON " + equal(keys, "__sluice_o", "__sluice_n")
                + " AND __sluice_o.filing_date = __sluice_n.filing_date WHERE __sluice_o.filing_date IS NULL OR __sluice_n.filing_date IS NULL "
                + "OR __sluice_o.value_hash IS DISTINCT FROM __sluice_n.value_hash";
    }

    /**
     * Applies sluice_bt_adiff to the assertions at the system time (parameters 1 and 2) in one statement: closes the
     * current assertions it replaces ({@code sluice_old}) and inserts its new ones ({@code sluice_new}), clustered by
     * scope (so that the semi-joins of later writes on the scope columns skip row groups by their min/max). A row of
     * sluice_bt_adiff that is both appears twice in the source: once to close (matched), once to open (never matched).
     */
    String mergeAssertions() {
        return merge(
                assertions,
                "sys_to",
                adiffT,
                "sluice_old",
                "sluice_new",
                equal(keys, "__sluice_a", "__sluice_d") + " AND __sluice_a.filing_date = __sluice_d.filing_date",
                keys,
                "filing_date, value_hash",
                "sys_from");
    }

    /** Applies sluice_bt_fdiff to the filings at the system time (parameters 1 and 2), like {@link #mergeAssertions()}. */
    String mergeFilings() {
        return merge(
                filings,
                "sys_to",
                fdiffT,
                "sluice_old",
                "sluice_new",
                equal(scope, "__sluice_a", "__sluice_d") + " AND __sluice_a.filing_date = __sluice_d.filing_date",
                scope,
                "filing_date",
                "sys_from");
    }

    /**
     * {@code MERGE INTO target AS __sluice_a} from {@code diff AS __sluice_d}: the rows where {@code close} holds close
     * the current target rows they meet on {@code match} ({@code to = T}, parameter 1); the rows where {@code open}
     * holds are inserted with {@code from = T} (parameter 2). Its update count is the rows closed plus the rows opened.
     */
    static String merge(
            String target,
            String to,
            String diff,
            String close,
            String open,
            String match,
            List<String> leading,
            String rest,
            String from) {
        String columns = list(leading, "") + ", " + rest;
        String sourced = leading.stream().map(c -> "__sluice_d." + quote(c)).collect(Collectors.joining(", ")) + ", "
                + Arrays.stream(rest.split(", ")).map(c -> "__sluice_d." + c).collect(Collectors.joining(", "));
        return "MERGE INTO " + target + " AS __sluice_a USING (SELECT " + columns + ", TRUE AS sluice_closes FROM "
                + diff
                + " WHERE " + close + " UNION ALL SELECT " + columns + ", FALSE FROM " + diff + " WHERE " + open
                + ") AS __sluice_d ON __sluice_d.sluice_closes AND __sluice_a." + to + " IS NULL AND " + match
                + " WHEN MATCHED THEN UPDATE SET " + to + " = CAST(? AS TIMESTAMPTZ)"
                + " WHEN NOT MATCHED AND NOT __sluice_d.sluice_closes THEN INSERT (" + columns + ", " + from + ", " + to
                + ") VALUES (" + sourced + ", CAST(? AS TIMESTAMPTZ), NULL)";
    }

    /**
     * Rollback: the difference between the current assertions and those believed at the system time of parameters 1
     * and 2 ({@code -infinity} for none), in the shape of {@link #assertionDiff}.
     */
    String assertionDiffAsOf(Optional<DateRange> dates) {
        String within = dates.map(d -> " AND " + d.sql("filing_date")).orElse("");
        String asOf = "SELECT " + list(keys, "") + ", filing_date, value_hash FROM " + assertions
                + " WHERE sys_from <= CAST(? AS TIMESTAMPTZ) AND (sys_to IS NULL OR CAST(? AS TIMESTAMPTZ) < sys_to)"
                + within;
        String current = "SELECT " + list(keys, "") + ", filing_date, value_hash FROM " + assertions
                + " WHERE sys_to IS NULL" + within;
        return "INSERT INTO " + adiffT + " SELECT "
                + keys.stream()
                        .map(k -> "coalesce(__sluice_o." + quote(k) + ", __sluice_n." + quote(k) + ") AS " + quote(k))
                        .collect(Collectors.joining(", "))
                + ", coalesce(__sluice_o.filing_date, __sluice_n.filing_date) AS filing_date, __sluice_n.value_hash AS value_hash, "
                + "__sluice_o.filing_date IS NOT NULL AS sluice_old, __sluice_n.filing_date IS NOT NULL AS sluice_new FROM ("
                + current
                + ") AS __sluice_o FULL JOIN (" + asOf + ") AS __sluice_n ON " + equal(keys, "__sluice_o", "__sluice_n")
                + " AND __sluice_o.filing_date = __sluice_n.filing_date WHERE __sluice_o.filing_date IS NULL OR __sluice_n.filing_date IS NULL "
                + "OR __sluice_o.value_hash IS DISTINCT FROM __sluice_n.value_hash";
    }

    /** Rollback, complete mode: the current filings against those believed at the system time of parameters 1 and 2. */
    String filingDiffAsOf(Optional<DateRange> dates) {
        String within = dates.map(d -> " AND " + d.sql("filing_date")).orElse("");
        String asOf = "SELECT " + list(scope, "") + ", filing_date FROM " + filings
                + " WHERE sys_from <= CAST(? AS TIMESTAMPTZ) AND (sys_to IS NULL OR CAST(? AS TIMESTAMPTZ) < sys_to)"
                + within;
        String current =
                "SELECT " + list(scope, "") + ", filing_date FROM " + filings + " WHERE sys_to IS NULL" + within;
        return "INSERT INTO " + fdiffT + " SELECT "
                + scope.stream()
                        .map(s -> "coalesce(__sluice_o." + quote(s) + ", __sluice_n." + quote(s) + ") AS " + quote(s))
                        .collect(Collectors.joining(", "))
                + ", coalesce(__sluice_o.filing_date, __sluice_n.filing_date) AS filing_date, __sluice_o.filing_date IS NOT NULL AS sluice_old, "
                + "__sluice_n.filing_date IS NOT NULL AS sluice_new FROM (" + current + ") AS __sluice_o FULL JOIN ("
                + asOf
                + ") AS __sluice_n ON "
                + equal(scope, "__sluice_o", "__sluice_n") + " AND __sluice_o.filing_date = __sluice_n.filing_date "
                + "WHERE __sluice_o.filing_date IS NULL OR __sluice_n.filing_date IS NULL";
    }

    /** Complete mode: known filings that the batch replaces, against the batch's. */
    String filingDiff(Replace replace) {
        String old = "SELECT " + list(scope, "__sluice_a") + ", __sluice_a.filing_date FROM " + filings
                + " AS __sluice_a" + replaced(replace, "__sluice_a", filingsT) + " WHERE __sluice_a.sys_to IS NULL";
        return "INSERT INTO " + fdiffT + " SELECT "
                + scope.stream()
                        .map(s -> "coalesce(__sluice_o." + quote(s) + ", __sluice_n." + quote(s) + ") AS " + quote(s))
                        .collect(Collectors.joining(", "))
                + ", coalesce(__sluice_o.filing_date, __sluice_n.filing_date) AS filing_date, __sluice_o.filing_date IS NOT NULL AS sluice_old, "
                + "__sluice_n.filing_date IS NOT NULL AS sluice_new FROM (" + old + ") AS __sluice_o FULL JOIN "
                + filingsT + " AS __sluice_n ON "
                + equal(scope, "__sluice_o", "__sluice_n") + " AND __sluice_o.filing_date = __sluice_n.filing_date "
                + "WHERE __sluice_o.filing_date IS NULL OR __sluice_n.filing_date IS NULL";
    }

    /** A table without current knowledge: the batch's filings are the knowledge (parameter 1: the system time). */
    String openBatchFilings() {
        return "INSERT INTO " + filings + " (" + list(scope, "") + ", filing_date, sys_from, sys_to) SELECT "
                + list(scope, "") + ", filing_date, CAST(? AS TIMESTAMPTZ), NULL FROM " + filingsT
                + " ORDER BY " + list(scope, "");
    }

    /**
     * A table without current knowledge: the batch's assertions are the knowledge (parameter 1: the system time),
     * clustered by scope (so that the semi-joins of later writes on the scope columns skip row groups by their
     * min/max), sorted unless {@code clustered} says that the staged rows already are (see {@link #stagedClustered()}).
     * With {@code byValueId} the staged rows carry value ids ({@link StagingSql#stageValueIds}) and take their
     * value_hash from the value tuples: that join, run by two threads, does not keep the staged order across the
     * table, but each thread writes the rows of consecutive stretches of the staged rows into its row groups, so a
     * row group of clustered staged rows still spans a narrow range of scopes (1.8M rows of the benchmark: 15 row
     * groups, their scope ranges disjoint), which is what the skipping needs.
     */
    String openBatchAssertions(boolean byValueId, boolean clustered) {
        String batch = batchAssertions();
        if (byValueId) {
            String rows = "SELECT " + list(keys, "__sluice_r") + ", __sluice_r.filing_date, __sluice_v.value_hash FROM "
                    + rowsT + " AS __sluice_r JOIN " + valuesT
                    + " AS __sluice_v ON __sluice_v.sluice_vid = __sluice_r.sluice_vid";
            batch = table.completeMode() ? rows : rows + " UNION ALL " + tombstones();
        }
        return "INSERT INTO " + assertions + " (" + list(keys, "")
                + ", filing_date, value_hash, sys_from, sys_to) SELECT "
                + list(keys, "") + ", filing_date, value_hash, CAST(? AS TIMESTAMPTZ), NULL FROM (" + batch
                + ") AS __sluice_n" + (clustered ? "" : " ORDER BY " + list(scope, ""));
    }

    /**
     * One row: whether the staged rows, in the order they were staged, are already clustered by the first scope column
     * (the min/max of each row group of the temp table follow each other without overlap), as a source sorted by its
     * key is. Then a first load inserts the assertions in that order, which clusters them for the row-group skipping of
     * later writes as well as sorting them would, without the sort (a few hundred ms of CPU at 1.8M rows). Only the
     * physical order of rows depends on this.
     */
    String stagedClustered() {
        String first = quote(scope.get(0));
        return "SELECT coalesce(bool_and(__sluice_lo >= __sluice_prev_hi), true) FROM (SELECT __sluice_lo, lag(__sluice_hi) OVER (ORDER BY __sluice_g) AS __sluice_prev_hi "
                + "FROM (SELECT rowid // 122880 AS __sluice_g, min(" + first + ") AS __sluice_lo, max(" + first
                + ") AS __sluice_hi FROM " + rowsT
                + " GROUP BY __sluice_g) AS __sluice_groups) AS __sluice_ranges";
    }

    /** The part of a companion table (alias {@code alias}) that a batch replaces; {@code region} has (scope.., filing_date). */
    private String replaced(Replace replace, String alias, String region) {
        return switch (replace) {
            case NONE ->
                " SEMI JOIN " + region + " AS __sluice_b ON " + equal(scope, alias, "__sluice_b") + " AND " + alias
                        + ".filing_date = __sluice_b.filing_date";
            case SCOPES ->
                " SEMI JOIN (SELECT DISTINCT " + list(scope, "") + " FROM " + region + ") AS __sluice_b ON "
                        + equal(scope, alias, "__sluice_b");
            case ALL -> "";
        };
    }
}
