package io.sluice.lake.bitemporal;

import static io.sluice.lake.bitemporal.Sql.equal;
import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.literal;
import static io.sluice.lake.bitemporal.Sql.quote;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The statements of one bi-temporal write, as text (pure: no I/O). Each table has its own temp tables
 * ({@code sluice_bt_<table>_<role>}), filled in this order and emptied after each write, so that a session can keep
 * its prepared statements:
 * <ol>
 *   <li>{@code rows}: the batch typed, hashed and grouped by (key, date), with its row count, the first problem of
 *       each group and whether the group holds two different values; {@code markers}; {@code in_rows} and
 *       {@code in_markers} hold an in-memory batch as text;</li>
 *   <li>{@code filings} (complete mode): the batch's filings;</li>
 *   <li>{@code adiff}, {@code fdiff}: how the knowledge base changes, per {@link Replace};</li>
 *   <li>{@code delta}: for the scopes whose knowledge changed, the versions to close and to open (with their
 *       values), from their new timeline against their current versions.</li>
 * </ol>
 */
final class MergeSql {

    private final BitemporalTable table;
    private final List<String> keys;
    private final List<String> values;
    private final List<String> scope;
    private final String versions;
    private final String assertions;
    private final String filings;
    /** This table's temp tables (per connection; a session reuses them, emptied after each write). */
    private final String inRows;
    private final String inMarkers;
    private final String rowsT;
    private final String markersT;
    private final String filingsT;
    private final String adiffT;
    private final String fdiffT;
    private final String deltaT;

    MergeSql(BitemporalTable table) {
        this.table = table;
        this.keys = table.keyColumns();
        this.values = table.valueColumns();
        this.scope = table.scopeColumns();
        this.versions = quote(table.name());
        this.assertions = quote(table.assertionsTable());
        this.filings = quote(table.filingsTable());
        String prefix = "sluice_bt_" + table.name() + "_";
        this.inRows = prefix + "in_rows";
        this.inMarkers = prefix + "in_markers";
        this.rowsT = prefix + "rows";
        this.markersT = prefix + "markers";
        this.filingsT = prefix + "filings";
        this.adiffT = prefix + "adiff";
        this.fdiffT = prefix + "fdiff";
        this.deltaT = prefix + "delta";
    }

    List<String> createTables() {
        List<String> ddl = new ArrayList<>();
        ddl.add("CREATE TABLE IF NOT EXISTS " + versions + " (" + typed(keys, " NOT NULL") + typed(values, "")
                + "valid_from DATE NOT NULL, valid_to DATE, value_hash VARCHAR NOT NULL, "
                + "system_from TIMESTAMPTZ NOT NULL, system_to TIMESTAMPTZ)");
        ddl.add("CREATE TABLE IF NOT EXISTS " + assertions + " (" + typed(keys, " NOT NULL")
                + "filing_date DATE NOT NULL, value_hash VARCHAR)");
        if (table.completeMode()) {
            ddl.add("CREATE TABLE IF NOT EXISTS " + filings + " (" + typed(scope, " NOT NULL")
                    + "filing_date DATE NOT NULL)");
        }
        return ddl;
    }

    /** This table's temp tables, created if missing; their columns are in the order the statements below fill them. */
    List<String> createTemps() {
        List<String> ddl = new ArrayList<>();
        ddl.add(temp(inRows, varchars(rowColumns())));
        ddl.add(temp(inMarkers, varchars(markerColumns())));
        ddl.add(temp(rowsT, typed(keys, "") + "filing_date DATE, " + typed(values, "")
                + "value_hash VARCHAR, sluice_conflict BOOLEAN, sluice_problem VARCHAR, sluice_n BIGINT"));
        ddl.add(temp(markersT, typed(scope, "") + "filing_date DATE, sluice_problem VARCHAR"));
        ddl.add(temp(adiffT, typed(keys, "") + "filing_date DATE, value_hash VARCHAR, sluice_old BOOLEAN, "
                + "sluice_new BOOLEAN"));
        if (table.completeMode()) {
            ddl.add(temp(filingsT, typed(scope, "") + "filing_date DATE"));
            ddl.add(temp(fdiffT, typed(scope, "") + "filing_date DATE, sluice_old BOOLEAN, sluice_new BOOLEAN"));
        }
        ddl.add(temp(deltaT, typed(keys, "") + typed(values, "") + "valid_from DATE, valid_to DATE, "
                + "value_hash VARCHAR, sluice_close BOOLEAN, sluice_has_values BOOLEAN"));
        return ddl;
    }

    /** Empties the temp tables (inside the write's transaction). */
    List<String> clearTemps() {
        return temps().stream().map(t -> "DELETE FROM temp.main." + quote(t)).toList();
    }

    /** Empties the input tables of an in-memory batch. */
    List<String> clearInputs() {
        return List.of("DELETE FROM temp.main." + quote(inRows), "DELETE FROM temp.main." + quote(inMarkers));
    }

    List<String> dropTemps() {
        return temps().stream().map(t -> "DROP TABLE IF EXISTS temp.main." + quote(t)).toList();
    }

    String inRowsTable() {
        return inRows;
    }

    String inMarkersTable() {
        return inMarkers;
    }

    private List<String> temps() {
        return table.completeMode()
                ? List.of(inRows, inMarkers, rowsT, markersT, adiffT, filingsT, fdiffT, deltaT)
                : List.of(inRows, inMarkers, rowsT, markersT, adiffT, deltaT);
    }

    private static String temp(String name, String columns) {
        return "CREATE TEMP TABLE IF NOT EXISTS " + quote(name) + " (" + columns + ")";
    }

    private static String varchars(List<String> columns) {
        return columns.stream().map(c -> quote(c) + " VARCHAR").collect(Collectors.joining(", "));
    }

    /** Columns that a rows source must provide, in the order the in-memory loader uses. */
    List<String> rowColumns() {
        List<String> columns = new ArrayList<>(keys);
        columns.addAll(values);
        columns.add(table.dateColumn());
        return columns;
    }

    /** Columns that a markers source must provide. */
    List<String> markerColumns() {
        List<String> columns = new ArrayList<>(scope);
        columns.add(table.dateColumn());
        return columns;
    }

    /**
     * Types and hashes the batch rows and groups them by (key, date) in one pass: identical duplicates collapse,
     * {@code sluice_conflict} marks a group with two different values, {@code sluice_problem} holds a NULL or
     * unreadable key or date, {@code sluice_n} counts the rows.
     */
    String stageRows(String source) {
        List<String> checks = new ArrayList<>();
        keys.forEach(k -> checks.addAll(requiredChecks(k, "key column", table.type(k))));
        checks.addAll(requiredChecks(table.dateColumn(), "date column", "DATE"));
        values.forEach(v -> checks.add(convertibleCheck(v, "value column", table.type(v))));
        String typed = "SELECT " + casts(keys) + casts(values)
                + "TRY_CAST(src." + quote(table.dateColumn()) + " AS DATE) AS filing_date, "
                + problem(checks) + " AS sluice_problem FROM (" + source + "\n) AS src";
        String hashed = "SELECT *, " + ValueHash.sql(values, "") + " AS value_hash FROM (" + typed + ") AS typed";
        String firstValues = values.stream().map(v -> "first(" + quote(v) + ") AS " + quote(v) + ", ")
                .collect(Collectors.joining());
        return "INSERT INTO " + rowsT + " SELECT " + list(keys, "") + ", filing_date, "
                + firstValues + "min(value_hash) AS value_hash, min(value_hash) <> max(value_hash) AS sluice_conflict, "
                + "max(sluice_problem) AS sluice_problem, count(*) AS sluice_n FROM (" + hashed + ") AS hashed "
                + "GROUP BY " + list(keys, "") + ", filing_date";
    }

    String insertMarkers(String source) {
        List<String> checks = new ArrayList<>();
        scope.forEach(s -> checks.addAll(requiredChecks(s, "scope column", table.type(s))));
        checks.addAll(requiredChecks(table.dateColumn(), "date column", "DATE"));
        return "INSERT INTO " + markersT + " SELECT DISTINCT " + casts(scope)
                + "TRY_CAST(src." + quote(table.dateColumn()) + " AS DATE) AS filing_date, "
                + problem(checks) + " AS sluice_problem FROM (" + source + "\n) AS src";
    }

    /** One row: rows in (before de-duplication), the first NULL or unreadable key, scope or date, the first conflict. */
    String validation() {
        String key = keys.stream().map(k -> "CAST(" + quote(k) + " AS VARCHAR)").collect(Collectors.joining(", "));
        return "SELECT (SELECT coalesce(sum(sluice_n), 0) FROM " + rowsT + "), "
                + "(SELECT sluice_problem FROM " + rowsT + " WHERE sluice_problem IS NOT NULL UNION ALL "
                + "SELECT 'filing marker: ' || sluice_problem FROM " + markersT + " WHERE sluice_problem IS NOT NULL "
                + "LIMIT 1), "
                + "(SELECT 'conflicting rows for key (' || concat_ws(', ', " + key + ") || ') on ' || "
                + "CAST(filing_date AS VARCHAR) FROM " + rowsT + " WHERE sluice_conflict LIMIT 1)";
    }

    /** Complete mode: the batch's filings, the (scope, date) of every row and marker. */
    String batchFilings() {
        return "INSERT INTO " + filingsT + " SELECT DISTINCT " + list(scope, "")
                + ", filing_date FROM " + rowsT + " UNION SELECT " + list(scope, "")
                + ", filing_date FROM " + markersT;
    }

    /** The batch's assertions; in key mode a marker without a row is a tombstone (NULL hash). */
    private String batchAssertions() {
        String rows = "SELECT " + list(keys, "") + ", filing_date, value_hash FROM " + rowsT;
        if (table.completeMode()) {
            return rows;
        }
        return rows + " UNION ALL SELECT " + list(keys, "m") + ", m.filing_date, CAST(NULL AS VARCHAR) "
                + "FROM " + markersT + " AS m ANTI JOIN " + rowsT + " AS r ON " + equal(keys, "m", "r")
                + " AND m.filing_date = r.filing_date";
    }

    /** Known assertions that the batch replaces, paired with the batch's: only the differences are kept. */
    String assertionDiff(Replace replace) {
        String region = table.completeMode() ? filingsT : "n";
        String old = "SELECT " + list(keys, "a") + ", a.filing_date, a.value_hash FROM " + assertions + " AS a"
                + replaced(replace, "a", region);
        return "INSERT INTO " + adiffT + " WITH n AS (" + batchAssertions() + ") SELECT "
                + keys.stream().map(k -> "coalesce(o." + quote(k) + ", n." + quote(k) + ") AS " + quote(k))
                .collect(Collectors.joining(", "))
                + ", coalesce(o.filing_date, n.filing_date) AS filing_date, n.value_hash AS value_hash, "
                + "o.filing_date IS NOT NULL AS sluice_old, n.filing_date IS NOT NULL AS sluice_new FROM (" + old
                + ") AS o FULL JOIN n ON " + equal(keys, "o", "n")
                + " AND o.filing_date = n.filing_date WHERE o.filing_date IS NULL OR n.filing_date IS NULL "
                + "OR o.value_hash IS DISTINCT FROM n.value_hash";
    }

    /** Applies sluice_bt_adiff to the assertions (inserted in key order, so that key lookups can skip row groups). */
    List<String> applyAssertionDiff() {
        return List.of(
                "DELETE FROM " + assertions + " AS a USING " + adiffT + " AS d WHERE d.sluice_old AND "
                        + equal(keys, "a", "d") + " AND a.filing_date = d.filing_date",
                "INSERT INTO " + assertions + " (" + list(keys, "") + ", filing_date, value_hash) SELECT "
                        + list(keys, "") + ", filing_date, value_hash FROM " + adiffT + " WHERE sluice_new ORDER BY "
                        + list(keys, "") + ", filing_date");
    }

    /** Complete mode: known filings that the batch replaces, against the batch's. */
    String filingDiff(Replace replace) {
        String old = "SELECT " + list(scope, "a") + ", a.filing_date FROM " + filings + " AS a"
                + replaced(replace, "a", filingsT);
        return "INSERT INTO " + fdiffT + " SELECT "
                + scope.stream().map(s -> "coalesce(o." + quote(s) + ", n." + quote(s) + ") AS " + quote(s))
                .collect(Collectors.joining(", "))
                + ", coalesce(o.filing_date, n.filing_date) AS filing_date, o.filing_date IS NOT NULL AS sluice_old, "
                + "n.filing_date IS NOT NULL AS sluice_new FROM (" + old + ") AS o FULL JOIN " + filingsT + " AS n ON "
                + equal(scope, "o", "n") + " AND o.filing_date = n.filing_date "
                + "WHERE o.filing_date IS NULL OR n.filing_date IS NULL";
    }

    List<String> applyFilingDiff() {
        return List.of(
                "DELETE FROM " + filings + " AS f USING " + fdiffT + " AS d WHERE d.sluice_old AND "
                        + equal(scope, "f", "d") + " AND f.filing_date = d.filing_date",
                "INSERT INTO " + filings + " (" + list(scope, "") + ", filing_date) SELECT " + list(scope, "")
                        + ", filing_date FROM " + fdiffT + " WHERE sluice_new ORDER BY " + list(scope, "")
                        + ", filing_date");
    }

    /**
     * The versions to close ({@code sluice_close}) and to open, for the scopes whose knowledge changed: their new
     * timeline against their current versions by (key, valid_from, valid_to, value_hash). Versions to open take
     * their values from the batch row of their first filing, else from a current version of the key with the same
     * hash ({@code sluice_has_values} is false when neither has them; see {@link #valuesFromTable()}).
     */
    String delta() {
        String changed = "chg AS (SELECT " + list(scope, "") + " FROM " + adiffT
                + (table.completeMode() ? " UNION SELECT " + list(scope, "") + " FROM " + fdiffT + ")"
                : " GROUP BY ALL)");
        String current = "cur AS (SELECT " + list(keys, "t") + ", " + prefixed(values, "t")
                + "t.valid_from, t.valid_to, t.value_hash FROM " + versions + " AS t SEMI JOIN chg AS c ON "
                + equal(scope, "t", "c") + " WHERE t.system_to IS NULL)";
        String sameVersion = equal(keys, "n", "c") + " AND n.valid_from = c.valid_from AND n.value_hash = c.value_hash "
                + "AND coalesce(n.valid_to, 'infinity'::DATE) = coalesce(c.valid_to, 'infinity'::DATE)";
        String d = "d AS (SELECT " + keys.stream()
                .map(k -> "coalesce(n." + quote(k) + ", c." + quote(k) + ") AS " + quote(k) + ", ")
                .collect(Collectors.joining())
                + "coalesce(n.valid_from, c.valid_from) AS valid_from, "
                + "CASE WHEN n.valid_from IS NULL THEN c.valid_to ELSE n.valid_to END AS valid_to, "
                + "coalesce(n.value_hash, c.value_hash) AS value_hash, n.valid_from IS NULL AS sluice_close "
                + "FROM nxt AS n FULL JOIN cur AS c ON " + sameVersion
                + " WHERE n.valid_from IS NULL OR c.valid_from IS NULL)";
        String known = "kv AS (SELECT DISTINCT ON (" + list(keys, "") + ", value_hash) " + list(keys, "") + ", "
                + prefixed(values, "") + "value_hash FROM cur)";
        String valueColumns = values.stream()
                .map(v -> "CASE WHEN b.value_hash IS NOT NULL THEN b." + quote(v) + " ELSE k." + quote(v) + " END AS "
                        + quote(v) + ", ")
                .collect(Collectors.joining());
        return "INSERT INTO " + deltaT + " WITH " + changed + ", " + timeline() + ", " + current
                + ", " + d + ", " + known + " SELECT " + list(keys, "d") + ", " + valueColumns
                + "d.valid_from, d.valid_to, d.value_hash, d.sluice_close, "
                + "(d.sluice_close OR b.value_hash IS NOT NULL OR k.value_hash IS NOT NULL) AS sluice_has_values "
                + "FROM d LEFT JOIN " + rowsT + " AS b ON " + equal(keys, "d", "b")
                + " AND b.filing_date = d.valid_from AND b.value_hash = d.value_hash "
                + "LEFT JOIN kv AS k ON " + equal(keys, "d", "k") + " AND k.value_hash = d.value_hash";
    }

    /**
     * timeline(KB) of the changed scopes (CTE {@code nxt}), without building the key x date grid. Per key, in date
     * order, an assertion <em>continues</em> the previous one when that is on the scope's previous filing date with
     * the same hash, and is <em>continued</em> when the next one is on the scope's next filing date with the same
     * hash (in key mode the scope's filing dates are the key's own assertions, tombstones included). A version runs
     * from a non-continuing assertion to the next non-continued one and ends at the filing date after that.
     * One window pass over the assertions, one over the boundary assertions only.
     */
    private String timeline() {
        String edges;
        if (table.completeMode()) {
            edges = "f AS (SELECT " + list(scope, "f") + ", f.filing_date, "
                    + "lag(f.filing_date) OVER w AS sluice_prev_date, lead(f.filing_date) OVER w AS sluice_next_date "
                    + "FROM " + filings + " AS f SEMI JOIN chg AS c ON " + equal(scope, "f", "c")
                    + " WINDOW w AS (PARTITION BY " + list(scope, "f") + " ORDER BY f.filing_date)), "
                    + "e AS (SELECT " + list(keys, "a") + ", a.filing_date, a.value_hash, f.sluice_next_date, "
                    + "coalesce(lag(a.filing_date) OVER wk = f.sluice_prev_date "
                    + "AND lag(a.value_hash) OVER wk = a.value_hash, false) AS sluice_continues, "
                    + "coalesce(lead(a.filing_date) OVER wk = f.sluice_next_date "
                    + "AND lead(a.value_hash) OVER wk = a.value_hash, false) AS sluice_continued "
                    + "FROM " + assertions + " AS a JOIN f ON " + equal(scope, "a", "f")
                    + " AND a.filing_date = f.filing_date WINDOW wk AS (PARTITION BY " + list(keys, "a")
                    + " ORDER BY a.filing_date)), ";
        } else {
            edges = "e AS (SELECT " + list(keys, "a") + ", a.filing_date, a.value_hash, "
                    + "lead(a.filing_date) OVER wk AS sluice_next_date, "
                    + "coalesce(lag(a.value_hash) OVER wk = a.value_hash, false) AS sluice_continues, "
                    + "coalesce(lead(a.value_hash) OVER wk = a.value_hash, false) AS sluice_continued "
                    + "FROM " + assertions + " AS a SEMI JOIN chg AS c ON " + equal(keys, "a", "c")
                    + " WINDOW wk AS (PARTITION BY " + list(keys, "a") + " ORDER BY a.filing_date)), ";
        }
        return edges
                + "b AS (SELECT * FROM e WHERE value_hash IS NOT NULL AND NOT (sluice_continues AND sluice_continued)), "
                + "nxt AS (SELECT " + list(keys, "") + ", filing_date AS valid_from, CASE WHEN sluice_continued "
                + "THEN lead(sluice_next_date) OVER wb ELSE sluice_next_date END AS valid_to, value_hash FROM b "
                + "WINDOW wb AS (PARTITION BY " + list(keys, "") + " ORDER BY filing_date) "
                + "QUALIFY NOT sluice_continues)";
    }

    /**
     * One row: versions to close, versions to open, versions to open without values, and the write's system time
     * in micros since the epoch: the requested one (parameters 1 to 3) if it is later than every system time in the
     * table, else the latest + 1 µs. Only system times at or after the requested one are read, so when the clock
     * moves forward every row group is skipped by its min/max.
     */
    String pending() {
        return "SELECT count(*) FILTER (WHERE sluice_close), count(*) FILTER (WHERE NOT sluice_close), "
                + "count(*) FILTER (WHERE NOT sluice_has_values), "
                + "epoch_us(greatest(CAST(? AS TIMESTAMPTZ), "
                + "(SELECT max(system_from) FROM " + versions + " WHERE system_from >= CAST(? AS TIMESTAMPTZ)) "
                + "+ INTERVAL 1 MICROSECOND, "
                + "(SELECT max(system_to) FROM " + versions + " WHERE system_to >= CAST(? AS TIMESTAMPTZ)) "
                + "+ INTERVAL 1 MICROSECOND)) FROM " + deltaT;
    }

    String versionsWithoutValues() {
        return "SELECT count(*) FROM " + deltaT + " WHERE NOT sluice_has_values";
    }

    /** Values that neither the batch nor a current version carries (a value coming back), from any version. */
    String valuesFromTable() {
        String set = values.stream().map(v -> quote(v) + " = e." + quote(v) + ", ").collect(Collectors.joining());
        return "UPDATE " + deltaT + " AS o SET " + set + "sluice_has_values = TRUE FROM (SELECT DISTINCT ON ("
                + list(keys, "t") + ", t.value_hash) " + list(keys, "t") + ", " + prefixed(values, "t")
                + "t.value_hash FROM " + versions + " AS t SEMI JOIN (SELECT " + list(keys, "")
                + ", value_hash FROM " + deltaT + " WHERE NOT sluice_has_values) AS w ON " + equal(keys, "t", "w")
                + " AND t.value_hash = w.value_hash) AS e WHERE NOT o.sluice_has_values AND " + equal(keys, "o", "e")
                + " AND o.value_hash = e.value_hash";
    }

    /** Closes the current versions marked sluice_close, at the system time (parameter 1). */
    String closeVersions() {
        return "UPDATE " + versions + " AS t SET system_to = CAST(? AS TIMESTAMPTZ) FROM " + deltaT + " AS c "
                + "WHERE c.sluice_close AND t.system_to IS NULL AND " + equal(keys, "t", "c")
                + " AND t.valid_from = c.valid_from AND t.value_hash = c.value_hash";
    }

    /** Inserts the versions to open, at the system time (parameter 1), in key order. */
    String openVersions() {
        return "INSERT INTO " + versions + " (" + list(table.versionColumns(), "") + ") SELECT " + list(keys, "")
                + ", " + prefixed(values, "") + "valid_from, valid_to, value_hash, CAST(? AS TIMESTAMPTZ), NULL "
                + "FROM " + deltaT + " WHERE NOT sluice_close ORDER BY " + list(keys, "") + ", valid_from";
    }

    /** The part of a companion table (alias {@code alias}) that a batch replaces; {@code region} has (scope.., filing_date). */
    private String replaced(Replace replace, String alias, String region) {
        return switch (replace) {
            case NONE -> " SEMI JOIN " + region + " AS b ON " + equal(scope, alias, "b")
                    + " AND " + alias + ".filing_date = b.filing_date";
            case SCOPES -> " SEMI JOIN (SELECT DISTINCT " + list(scope, "") + " FROM " + region + ") AS b ON "
                    + equal(scope, alias, "b");
            case ALL -> "";
        };
    }

    private String typed(List<String> columns, String constraint) {
        return columns.stream().map(c -> quote(c) + " " + table.type(c) + constraint + ", ").collect(Collectors.joining());
    }

    private String casts(List<String> columns) {
        return columns.stream().map(c -> "TRY_CAST(src." + quote(c) + " AS " + table.type(c) + ") AS " + quote(c) + ", ")
                .collect(Collectors.joining());
    }

    private static String prefixed(List<String> columns, String alias) {
        return columns.stream().map(c -> (alias.isEmpty() ? "" : alias + ".") + quote(c) + ", ")
                .collect(Collectors.joining());
    }

    private static List<String> requiredChecks(String column, String what, String type) {
        String ref = "src." + quote(column);
        return List.of(
                "WHEN " + ref + " IS NULL THEN " + literal("NULL in " + what + " " + column),
                "WHEN TRY_CAST(" + ref + " AS " + type + ") IS NULL THEN " + literal(what + " " + column + ": cannot read ")
                        + " || left(CAST(" + ref + " AS VARCHAR), 80) || " + literal(" as " + type));
    }

    private static String convertibleCheck(String column, String what, String type) {
        String ref = "src." + quote(column);
        return "WHEN " + ref + " IS NOT NULL AND TRY_CAST(" + ref + " AS " + type + ") IS NULL THEN "
                + literal(what + " " + column + ": cannot read ") + " || left(CAST(" + ref + " AS VARCHAR), 80) || "
                + literal(" as " + type);
    }

    private static String problem(List<String> checks) {
        return "CASE " + String.join(" ", checks) + " END";
    }
}
