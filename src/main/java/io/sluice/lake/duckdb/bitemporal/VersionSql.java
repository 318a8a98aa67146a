package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.bitemporal.Sql.equal;
import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.quote;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Sql;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The version side of a write: the new timeline of the changed scopes against their current versions, the system
 * time, and closing and opening versions. Statements as text, no I/O.
 */
final class VersionSql {

    private final BitemporalTable table;
    private final List<String> keys;
    private final List<String> values;
    private final List<String> scope;
    private final String versions;
    private final String assertions;
    private final String filings;
    private final String rowsT;
    private final String adiffT;
    private final String fdiffT;
    private final String deltaT;
    private final String filingsT;
    private final String markersT;
    private final String edgesT;
    private final String valuesT;

    VersionSql(BitemporalTable table, TempTables temps) {
        this.table = table;
        this.keys = table.keyColumns();
        this.values = table.valueColumns();
        this.scope = table.scopeColumns();
        this.versions = quote(table.name());
        this.assertions = quote(table.assertionsTable());
        this.filings = quote(table.filingsTable());
        this.rowsT = temps.rowsT;
        this.adiffT = temps.adiffT;
        this.fdiffT = temps.fdiffT;
        this.deltaT = temps.deltaT;
        this.filingsT = temps.filingsT;
        this.markersT = temps.markersT;
        this.edgesT = temps.edgesT;
        this.valuesT = temps.valuesT;
    }

    /**
     * The versions to close ({@code sluice_close}) and to open, for the scopes whose knowledge changed: their new
     * timeline against their current versions by (key, valid_from, valid_to, value_hash). Versions to open take
     * their values from the batch row of their first filing, else from a current version of the key with the same
     * hash ({@code sluice_has_values} is false when neither has them; see {@link #valuesFromTable()}).
     *
     * <p>Only the part of each changed scope's history that the change can reach is compared. Let {@code p} be the
     * scope's latest filing date before its earliest changed date (CTE {@code sluice_cut}; in key mode the key's latest
     * assertion date): the knowledge up to {@code p} is the same before and after, so a version that ends at or
     * before {@code p} is the same in both timelines and is left out of both sides; a version that holds on {@code p}
     * stands in for the assertions of its run up to {@code p} (one row on {@code p} that starts at the version's
     * valid_from), and only the assertions after {@code p} are read into the window. A daily filing that lands after
     * all others so reads one row per key and the new filing, not the scope's whole history.
     */
    String delta() {
        String changedDates = "SELECT " + list(scope, "") + ", filing_date FROM " + adiffT
                + (table.completeMode() ? " UNION ALL SELECT " + list(scope, "") + ", filing_date FROM " + fdiffT : "");
        String changed = "sluice_chg AS (SELECT " + list(scope, "") + ", min(filing_date) AS sluice_from FROM ("
                + changedDates + ") AS __sluice_x GROUP BY ALL)";
        // the scope's filing dates: its filings, or in key mode the key's own assertions (tombstones included)
        String dates = table.completeMode() ? filings : assertions;
        String cut = "sluice_cut AS (SELECT " + list(scope, "__sluice_c")
                + ", max(__sluice_x.filing_date) AS sluice_p FROM sluice_chg AS __sluice_c LEFT JOIN " + dates
                + " AS __sluice_x ON " + equal(scope, "__sluice_x", "__sluice_c")
                + " AND __sluice_x.sys_to IS NULL AND __sluice_x.filing_date < __sluice_c.sluice_from GROUP BY "
                + list(scope, "__sluice_c") + ")";
        String current = "sluice_cur AS (SELECT " + list(keys, "__sluice_t") + ", " + Sql.prefixed(values, "__sluice_t")
                + "__sluice_t.valid_from, __sluice_t.valid_to, __sluice_t.value_hash, __sluice_c.sluice_p FROM "
                + versions
                + " AS __sluice_t JOIN sluice_cut AS __sluice_c ON "
                + equal(scope, "__sluice_t", "__sluice_c")
                + " WHERE __sluice_t.system_to IS NULL AND (__sluice_c.sluice_p IS NULL OR __sluice_t.valid_to IS NULL "
                + "OR __sluice_t.valid_to > __sluice_c.sluice_p))";
        String sameVersion = equal(keys, "__sluice_n", "__sluice_c")
                + " AND __sluice_n.valid_from = __sluice_c.valid_from AND __sluice_n.value_hash = __sluice_c.value_hash "
                + "AND coalesce(__sluice_n.valid_to, 'infinity'::DATE) = coalesce(__sluice_c.valid_to, 'infinity'::DATE)";
        String d = "sluice_d AS (SELECT "
                + keys.stream()
                        .map(k -> "coalesce(__sluice_n." + quote(k) + ", __sluice_c." + quote(k) + ") AS " + quote(k)
                                + ", ")
                        .collect(Collectors.joining())
                + "coalesce(__sluice_n.valid_from, __sluice_c.valid_from) AS valid_from, "
                + "CASE WHEN __sluice_n.valid_from IS NULL THEN __sluice_c.valid_to ELSE __sluice_n.valid_to END AS valid_to, "
                + "coalesce(__sluice_n.value_hash, __sluice_c.value_hash) AS value_hash, __sluice_n.valid_from IS NULL AS sluice_close "
                + "FROM sluice_nxt AS __sluice_n FULL JOIN sluice_cur AS __sluice_c ON " + sameVersion
                + " WHERE __sluice_n.valid_from IS NULL OR __sluice_c.valid_from IS NULL)";
        String known = "sluice_kv AS (SELECT DISTINCT ON (" + list(keys, "") + ", value_hash) " + list(keys, "") + ", "
                + Sql.prefixed(values, "") + "value_hash FROM sluice_cur)";
        String valueColumns = values.stream()
                .map(v -> "CASE WHEN __sluice_b.value_hash IS NOT NULL THEN __sluice_b." + quote(v)
                        + " ELSE __sluice_k." + quote(v) + " END AS " + quote(v) + ", ")
                .collect(Collectors.joining());
        return "INSERT INTO " + deltaT + " WITH " + changed + ", " + cut + ", " + current + ", " + timeline()
                + ", " + d + ", " + known + " SELECT " + list(keys, "__sluice_d") + ", " + valueColumns
                + "__sluice_d.valid_from, __sluice_d.valid_to, __sluice_d.value_hash, __sluice_d.sluice_close, "
                + "(__sluice_d.sluice_close OR __sluice_b.value_hash IS NOT NULL OR __sluice_k.value_hash IS NOT NULL) AS sluice_has_values "
                + "FROM sluice_d AS __sluice_d LEFT JOIN " + rowsT + " AS __sluice_b ON "
                + equal(keys, "__sluice_d", "__sluice_b")
                + " AND __sluice_b.filing_date = __sluice_d.valid_from AND __sluice_b.value_hash = __sluice_d.value_hash "
                + "LEFT JOIN sluice_kv AS __sluice_k ON " + equal(keys, "__sluice_d", "__sluice_k")
                + " AND __sluice_k.value_hash = __sluice_d.value_hash";
    }

    /**
     * timeline(KB) of the changed scopes (CTE {@code sluice_nxt}), without building the key x date grid. Per key, in date
     * order, an assertion <em>continues</em> the previous one when that is on the scope's previous filing date with
     * the same hash, and is <em>continued</em> when the next one is on the scope's next filing date with the same
     * hash (in key mode the scope's filing dates are the key's own assertions, tombstones included). A version runs
     * from a non-continuing assertion to the next non-continued one and ends at the filing date after that.
     * One window pass over the assertions, one over the boundary assertions only. Read from {@code p} on (see
     * {@link #delta()}): the filings from {@code p}, the assertions after {@code p}, and for each current version
     * holding on {@code p} one assertion on {@code p} that starts at the version's valid_from ({@code sluice_start}).
     */
    private String timeline() {
        String after = "(__sluice_c.sluice_p IS NULL OR __sluice_a.filing_date > __sluice_c.sluice_p)";
        String source = "(SELECT " + list(keys, "__sluice_a")
                + ", __sluice_a.filing_date, __sluice_a.value_hash, CAST(NULL AS DATE) AS sluice_start FROM "
                + assertions + " AS __sluice_a JOIN sluice_cut AS __sluice_c ON "
                + equal(scope, "__sluice_a", "__sluice_c")
                + " WHERE __sluice_a.sys_to IS NULL AND " + after
                + " UNION ALL SELECT " + list(keys, "")
                + ", sluice_p, value_hash, valid_from FROM sluice_cur WHERE sluice_p IS NOT NULL "
                + "AND valid_from <= sluice_p)";
        String filingsFrom = filings + " AS __sluice_f JOIN sluice_cut AS __sluice_c ON "
                + equal(scope, "__sluice_f", "__sluice_c") + " WHERE __sluice_f.sys_to IS NULL AND "
                + "(__sluice_c.sluice_p IS NULL OR __sluice_f.filing_date >= __sluice_c.sluice_p)";
        return edges(filingsFrom, source, source + " AS __sluice_a", "value_hash", ", __sluice_a.sluice_start", "")
                + ", sluice_b AS (SELECT * FROM sluice_e WHERE " + boundary("value_hash") + "), "
                + "sluice_nxt AS (SELECT " + list(keys, "") + ", coalesce(sluice_start, filing_date) AS valid_from, "
                + VALID_TO
                + " AS valid_to, value_hash "
                + "FROM sluice_b WINDOW wb AS (PARTITION BY " + list(keys, "") + " ORDER BY filing_date) "
                + "QUALIFY NOT sluice_continues)";
    }

    /** The assertions (of CTE {@code sluice_e}) where a version starts or ends; {@code hash} is NULL for a tombstone. */
    private static String boundary(String hash) {
        return hash + " IS NOT NULL AND NOT (sluice_continues AND sluice_continued)";
    }

    /** The end of the version that starts at a boundary assertion, over the boundary assertions of its key (window wb). */
    private static final String VALID_TO =
            "CASE WHEN sluice_continued THEN lead(sluice_next_date) OVER wb ELSE sluice_next_date END";

    /**
     * CTEs {@code sluice_f} (complete mode: the filings with their previous and next date) and {@code sluice_e}: every assertion
     * with the scope's next filing date and whether it continues the previous assertion of its key and is continued
     * by the next (the same {@code hash}: the value_hash, or on a first load the value id), plus the columns
     * {@code extra} (each {@code , a.x}) and {@code , <expression> AS sluice_dup} if {@code dup} is not empty (window
     * wk over the key in date order). The sources: {@code filingsFrom} (complete mode: filings, alias f, with its
     * WHERE) and the assertions {@code assertionsTable} (complete mode, a table or subquery to alias a), or
     * {@code keyModeFrom} (key mode: assertions, aliased a).
     */
    private String edges(
            String filingsFrom, String assertionsTable, String keyModeFrom, String hash, String extra, String dup) {
        if (table.completeMode()) {
            return "sluice_f AS (SELECT " + list(scope, "__sluice_f") + ", __sluice_f.filing_date, "
                    + "lag(__sluice_f.filing_date) OVER __sluice_w AS sluice_prev_date, lead(__sluice_f.filing_date) OVER __sluice_w AS sluice_next_date "
                    + "FROM " + filingsFrom
                    + " WINDOW __sluice_w AS (PARTITION BY " + list(scope, "__sluice_f")
                    + " ORDER BY __sluice_f.filing_date)), "
                    + "sluice_e AS (SELECT " + list(keys, "__sluice_a") + ", __sluice_a.filing_date, __sluice_a." + hash
                    + extra
                    + ", __sluice_f.sluice_next_date, "
                    + "coalesce(lag(__sluice_a.filing_date) OVER wk = __sluice_f.sluice_prev_date "
                    + "AND lag(__sluice_a." + hash + ") OVER wk = __sluice_a." + hash + ", false) AS sluice_continues, "
                    + "coalesce(lead(__sluice_a.filing_date) OVER wk = __sluice_f.sluice_next_date "
                    + "AND lead(__sluice_a." + hash + ") OVER wk = __sluice_a." + hash + ", false) AS sluice_continued"
                    + dup + " "
                    + "FROM " + assertionsTable + " AS __sluice_a JOIN sluice_f AS __sluice_f ON "
                    + equal(scope, "__sluice_a", "__sluice_f")
                    + " AND __sluice_a.filing_date = __sluice_f.filing_date WINDOW wk AS (PARTITION BY "
                    + list(keys, "__sluice_a")
                    + " ORDER BY __sluice_a.filing_date))";
        }
        return "sluice_e AS (SELECT " + list(keys, "__sluice_a") + ", __sluice_a.filing_date, __sluice_a." + hash
                + extra + ", "
                + "lead(__sluice_a.filing_date) OVER wk AS sluice_next_date, "
                + "coalesce(lag(__sluice_a." + hash + ") OVER wk = __sluice_a." + hash
                + ", false) AS sluice_continues, "
                + "coalesce(lead(__sluice_a." + hash + ") OVER wk = __sluice_a." + hash + ", false) AS sluice_continued"
                + dup + " "
                + "FROM " + keyModeFrom
                + " WINDOW wk AS (PARTITION BY " + list(keys, "__sluice_a") + " ORDER BY __sluice_a.filing_date))";
    }

    /**
     * A write into a table without current versions or knowledge, step 1: the batch is the whole knowledge base, so
     * the boundary assertions of its timeline are computed from the staged rows alone, in one window pass that also
     * marks a (key, date) that repeats ({@code sluice_dup}): the rows were staged one for one, and this pass replaces
     * a separate grouping of all of them. If a repeat is marked ({@link #repeatedEdges()}), the rows must be grouped
     * and this step run again. With {@code byValueId} the rows carry the 64-bit id of their values
     * ({@link StagingSql#stageValueIds}) instead of the 32-character hash: the window compares and carries a
     * fixed-width number, which makes it about a third cheaper. Otherwise they carry their hash, and the boundary
     * assertions their staged row, for the values (values stay out of the window: wider rows make its sort slower
     * than a join back).
     */
    String firstLoadEdges(boolean byValueId) {
        String dup = ", coalesce(lag(__sluice_a.filing_date) OVER wk = __sluice_a.filing_date, false) AS sluice_dup";
        String hash = byValueId ? "sluice_vid" : "value_hash";
        // the staged row is carried only for the values of the row-hash way
        String rowid = byValueId ? "CAST(NULL AS BIGINT)" : "rowid";
        String keyModeSource = "(SELECT " + list(keys, "") + ", filing_date, " + hash + ", " + rowid
                + " AS sluice_row FROM "
                + rowsT + " UNION ALL SELECT " + list(keys, "__sluice_m")
                + ", __sluice_m.filing_date, NULL, CAST(NULL AS BIGINT) FROM "
                + markersT + " AS __sluice_m ANTI JOIN " + rowsT + " AS __sluice_r ON "
                + equal(keys, "__sluice_m", "__sluice_r")
                + " AND __sluice_m.filing_date = __sluice_r.filing_date) AS __sluice_a";
        String row = table.completeMode()
                ? ", " + (byValueId ? rowid : "__sluice_a.rowid") + " AS sluice_row"
                : ", __sluice_a.sluice_row";
        return "INSERT INTO " + edgesT + " (" + list(keys, "") + ", filing_date, " + hash + ", sluice_row, "
                + "sluice_next_date, sluice_continues, sluice_continued, sluice_dup) WITH "
                + edges(filingsT + " AS __sluice_f", rowsT, keyModeSource, hash, row, dup)
                + " SELECT " + list(keys, "") + ", filing_date, " + hash + ", sluice_row, "
                + "sluice_next_date, sluice_continues, sluice_continued, sluice_dup FROM sluice_e WHERE sluice_dup OR ("
                + boundary(hash) + ")";
    }

    /** One row: whether {@link #firstLoadEdges()} found a (key, date) twice among the staged rows. */
    String repeatedEdges() {
        return "SELECT EXISTS (SELECT 1 FROM " + edgesT + " WHERE sluice_dup)";
    }

    /**
     * A write into a table without current versions or knowledge, step 2: the versions of the boundary assertions of
     * {@link #firstLoadEdges} (without repeats), inserted at the system time (parameter 1), sorted by scope. With
     * {@code byValueId} their values and value_hash come from the batch's value tuples by their id; otherwise from the
     * staged row of their first filing, found by its rowid (carried through the window pass: a join on one BIGINT is
     * much cheaper than on key and date). Neither join keeps the order of the staged rows, hence the sort.
     */
    String openFromEdges(boolean byValueId) {
        String from = byValueId
                ? Sql.prefixed(values, "__sluice_v")
                        + "__sluice_n.valid_from, __sluice_n.valid_to, __sluice_v.value_hash, CAST(? AS TIMESTAMPTZ), NULL FROM sluice_nxt AS __sluice_n JOIN "
                        + valuesT + " AS __sluice_v ON __sluice_v.sluice_vid = __sluice_n.sluice_vid"
                : Sql.prefixed(values, "__sluice_b")
                        + "__sluice_n.valid_from, __sluice_n.valid_to, __sluice_n.value_hash, CAST(? AS TIMESTAMPTZ), NULL FROM sluice_nxt AS __sluice_n JOIN "
                        + rowsT + " AS __sluice_b ON __sluice_b.rowid = __sluice_n.sluice_row";
        return "INSERT INTO " + versions + " (" + list(table.versionColumns(), "") + ") WITH sluice_nxt AS (SELECT "
                + list(keys, "") + ", filing_date AS valid_from, " + VALID_TO + " AS valid_to, value_hash, sluice_vid, "
                + "sluice_row FROM " + edgesT + " WINDOW wb AS (PARTITION BY " + list(keys, "")
                + " ORDER BY filing_date) "
                + "QUALIFY NOT sluice_continues) SELECT " + list(keys, "__sluice_n") + ", " + from + " ORDER BY "
                + list(scope, "__sluice_n");
    }

    /** One row: whether the table has current versions (a cheaper first check than {@link #emptyNow()}). */
    String hasCurrentVersions() {
        return "SELECT EXISTS (SELECT 1 FROM " + versions + " WHERE system_to IS NULL)";
    }

    /** One row: whether the table has neither current versions nor current knowledge. */
    String emptyNow() {
        return "SELECT NOT EXISTS (SELECT 1 FROM " + versions
                + " WHERE system_to IS NULL) AND NOT EXISTS (SELECT 1 FROM "
                + assertions + " WHERE sys_to IS NULL)"
                + (table.completeMode() ? " AND NOT EXISTS (SELECT 1 FROM " + filings + " WHERE sys_to IS NULL)" : "");
    }

    /** One row of {@link #pending()}: the versions to close, to open, and to open whose values no batch row carries. */
    record Pending(long closing, long opening, long withoutValues) {
        static Pending of(List<Object> row) {
            return new Pending(
                    ((Number) row.get(0)).longValue(),
                    ((Number) row.get(1)).longValue(),
                    ((Number) row.get(2)).longValue());
        }
    }

    /** One row: versions to close, versions to open, versions to open without values. */
    String pending() {
        return "SELECT count(*) FILTER (WHERE sluice_close), count(*) FILTER (WHERE NOT sluice_close), "
                + "count(*) FILTER (WHERE NOT sluice_has_values) FROM " + deltaT;
    }

    /**
     * One row: the write's system time in micros since the epoch: the requested one (every parameter) if it is later
     * than every system time in the table and its companion tables, else the latest + 1 µs. Only system times at or
     * after the requested one are read, so when the clock moves forward every row group is skipped by its min/max;
     * the six columns are read by one UNION ALL under one aggregate (half the cost of six scalar subqueries).
     */
    String systemTime() {
        List<String> reads = new ArrayList<>();
        latest(reads, versions, "system_from");
        latest(reads, versions, "system_to");
        latest(reads, assertions, "sys_from");
        latest(reads, assertions, "sys_to");
        if (table.completeMode()) {
            latest(reads, filings, "sys_from");
            latest(reads, filings, "sys_to");
        }
        return "SELECT epoch_us(greatest(CAST(? AS TIMESTAMPTZ), max(sluice_t) + INTERVAL 1 MICROSECOND)) FROM ("
                + String.join(" UNION ALL ", reads) + ") AS __sluice_latest";
    }

    /** How many parameters {@link #systemTime()} takes. */
    int systemTimeParameters() {
        return table.completeMode() ? 7 : 5;
    }

    private static void latest(List<String> reads, String table, String column) {
        reads.add(
                "SELECT " + column + " AS sluice_t FROM " + table + " WHERE " + column + " >= CAST(? AS TIMESTAMPTZ)");
    }

    String versionsWithoutValues() {
        return "SELECT count(*) FROM " + deltaT + " WHERE NOT sluice_has_values";
    }

    /** Values that neither the batch nor a current version carries (a value coming back), from any version. */
    String valuesFromTable() {
        String set = values.stream()
                .map(v -> quote(v) + " = __sluice_e." + quote(v) + ", ")
                .collect(Collectors.joining());
        return "UPDATE " + deltaT + " AS __sluice_o SET " + set + "sluice_has_values = TRUE FROM (SELECT DISTINCT ON ("
                + list(keys, "__sluice_t") + ", __sluice_t.value_hash) " + list(keys, "__sluice_t") + ", "
                + Sql.prefixed(values, "__sluice_t")
                + "__sluice_t.value_hash FROM " + versions + " AS __sluice_t SEMI JOIN (SELECT " + list(keys, "")
                + ", value_hash FROM " + deltaT + " WHERE NOT sluice_has_values) AS __sluice_w ON "
                + equal(keys, "__sluice_t", "__sluice_w")
                + " AND __sluice_t.value_hash = __sluice_w.value_hash) AS __sluice_e WHERE NOT __sluice_o.sluice_has_values AND "
                + equal(keys, "__sluice_o", "__sluice_e")
                + " AND __sluice_o.value_hash = __sluice_e.value_hash";
    }

    /**
     * Closes the current versions marked sluice_close and inserts the others, at the system time (parameters 1 and
     * 2), in one statement (see {@link KnowledgeSql#merge}); its update count is the versions closed plus opened.
     */
    String mergeVersions() {
        List<String> rest = new ArrayList<>(values.stream().map(Sql::quote).toList());
        rest.addAll(List.of("valid_from", "valid_to", "value_hash"));
        return KnowledgeSql.merge(
                versions,
                "system_to",
                deltaT,
                "sluice_close",
                "NOT sluice_close",
                equal(keys, "__sluice_a", "__sluice_d")
                        + " AND __sluice_a.valid_from = __sluice_d.valid_from AND __sluice_a.value_hash = __sluice_d.value_hash",
                keys,
                String.join(", ", rest),
                "system_from");
    }
}
