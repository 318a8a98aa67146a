package io.sluice.lake.bitemporal;

import static io.sluice.lake.bitemporal.Sql.equal;
import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.literal;
import static io.sluice.lake.bitemporal.Sql.quote;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The statements of one bi-temporal write, as text (pure: no I/O). Temp tables, in the order they are made:
 * <ol>
 *   <li>{@code sluice_bt_rows}, {@code sluice_bt_markers}: the batch, typed, de-duplicated, with a problem column;</li>
 *   <li>{@code sluice_bt_filings}: the batch's filings;</li>
 *   <li>{@code sluice_bt_adiff}, {@code sluice_bt_fdiff}: how the knowledge base changes, per {@link Replace};</li>
 *   <li>{@code sluice_bt_chg}: the scopes whose knowledge changed, the only ones recomputed;</li>
 *   <li>{@code sluice_bt_next}, {@code sluice_bt_cur}: their new timeline and their current versions;</li>
 *   <li>{@code sluice_bt_close}, {@code sluice_bt_open}: the versions to close and to open.</li>
 * </ol>
 */
final class MergeSql {

    static final String IN_ROWS = "sluice_bt_in_rows";
    static final String IN_MARKERS = "sluice_bt_in_markers";
    static final List<String> TEMP_TABLES = List.of(IN_ROWS, IN_MARKERS, "sluice_bt_rows", "sluice_bt_markers",
            "sluice_bt_filings", "sluice_bt_adiff", "sluice_bt_fdiff", "sluice_bt_chg",
            "sluice_bt_next", "sluice_bt_cur", "sluice_bt_close", "sluice_bt_open");

    private final BitemporalTable table;
    private final List<String> keys;
    private final List<String> values;
    private final List<String> scope;
    private final String versions;
    private final String assertions;
    private final String filings;

    MergeSql(BitemporalTable table) {
        this.table = table;
        this.keys = table.keyColumns();
        this.values = table.valueColumns();
        this.scope = table.scopeColumns();
        this.versions = quote(table.name());
        this.assertions = quote(table.assertionsTable());
        this.filings = quote(table.filingsTable());
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

    /** A markers source with no rows, typed like the scope and date columns. */
    String noMarkers() {
        return "SELECT " + markerColumns().stream().map(c -> "CAST(NULL AS VARCHAR) AS " + quote(c))
                .collect(Collectors.joining(", ")) + " WHERE false";
    }

    /** Types, de-duplicates (counting duplicates in sluice_n) and hashes the batch rows; notes the first problem of each row. */
    String stageRows(String source) {
        List<String> checks = new ArrayList<>();
        keys.forEach(k -> checks.addAll(requiredChecks(k, "key column", table.type(k))));
        checks.addAll(requiredChecks(table.dateColumn(), "date column", "DATE"));
        values.forEach(v -> checks.add(convertibleCheck(v, "value column", table.type(v))));
        String typed = "SELECT " + casts(keys) + casts(values)
                + "TRY_CAST(src." + quote(table.dateColumn()) + " AS DATE) AS filing_date, "
                + problem(checks) + " AS sluice_problem FROM (" + source + "\n) AS src";
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_rows AS SELECT *, " + ValueHash.sql(values, "")
                + " AS value_hash, count(*) AS sluice_n FROM (" + typed + ") AS typed GROUP BY ALL";
    }

    String stageMarkers(String source) {
        List<String> checks = new ArrayList<>();
        scope.forEach(s -> checks.addAll(requiredChecks(s, "scope column", table.type(s))));
        checks.addAll(requiredChecks(table.dateColumn(), "date column", "DATE"));
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_markers AS SELECT DISTINCT " + casts(scope)
                + "TRY_CAST(src." + quote(table.dateColumn()) + " AS DATE) AS filing_date, "
                + problem(checks) + " AS sluice_problem FROM (" + source + "\n) AS src";
    }

    /** One row: rows in (before de-duplication), the first NULL or unreadable key, scope or date, the first conflict. */
    String validation() {
        String key = keys.stream().map(k -> "CAST(" + quote(k) + " AS VARCHAR)").collect(Collectors.joining(", "));
        return "SELECT (SELECT coalesce(sum(sluice_n), 0) FROM sluice_bt_rows), "
                + "(SELECT sluice_problem FROM sluice_bt_rows WHERE sluice_problem IS NOT NULL UNION ALL "
                + "SELECT 'filing marker: ' || sluice_problem FROM sluice_bt_markers WHERE sluice_problem IS NOT NULL "
                + "LIMIT 1), "
                + "(SELECT 'conflicting rows for key (' || concat_ws(', ', " + key + ") || ') on ' || "
                + "CAST(filing_date AS VARCHAR) FROM sluice_bt_rows GROUP BY " + list(keys, "")
                + ", filing_date HAVING count(DISTINCT value_hash) > 1 LIMIT 1)";
    }

    /** The batch's filings: the (scope, date) of every row and marker. */
    String batchFilings() {
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_filings AS SELECT " + list(scope, "")
                + ", filing_date FROM sluice_bt_rows UNION SELECT " + list(scope, "")
                + ", filing_date FROM sluice_bt_markers";
    }

    /** The batch's assertions; in key mode a marker without a row is a tombstone (NULL hash). */
    private String batchAssertions() {
        String rows = "SELECT DISTINCT " + list(keys, "") + ", filing_date, value_hash FROM sluice_bt_rows";
        if (table.completeMode()) {
            return rows;
        }
        return rows + " UNION ALL SELECT " + list(keys, "m") + ", m.filing_date, CAST(NULL AS VARCHAR) "
                + "FROM sluice_bt_markers AS m ANTI JOIN sluice_bt_rows AS r ON " + equal(keys, "m", "r")
                + " AND m.filing_date = r.filing_date";
    }

    /** Known assertions that the batch replaces, paired with the batch's: only the differences are kept. */
    String assertionDiff(Replace replace) {
        String old = "SELECT " + list(keys, "a") + ", a.filing_date, a.value_hash FROM " + assertions + " AS a"
                + replaced(replace, "a");
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_adiff AS WITH n AS (" + batchAssertions() + ") SELECT "
                + keys.stream().map(k -> "coalesce(o." + quote(k) + ", n." + quote(k) + ") AS " + quote(k))
                .collect(Collectors.joining(", "))
                + ", coalesce(o.filing_date, n.filing_date) AS filing_date, n.value_hash AS value_hash, "
                + "o.filing_date IS NOT NULL AS sluice_old, n.filing_date IS NOT NULL AS sluice_new FROM (" + old
                + ") AS o FULL JOIN n ON " + equal(keys, "o", "n")
                + " AND o.filing_date = n.filing_date WHERE o.filing_date IS NULL OR n.filing_date IS NULL "
                + "OR o.value_hash IS DISTINCT FROM n.value_hash";
    }

    String deleteAssertions() {
        return "DELETE FROM " + assertions + " AS a USING sluice_bt_adiff AS d WHERE d.sluice_old AND "
                + equal(keys, "a", "d") + " AND a.filing_date = d.filing_date";
    }

    String insertAssertions() {
        return "INSERT INTO " + assertions + " (" + list(keys, "") + ", filing_date, value_hash) SELECT "
                + list(keys, "") + ", filing_date, value_hash FROM sluice_bt_adiff WHERE sluice_new";
    }

    /** Complete mode: known filings that the batch replaces, against the batch's. */
    String filingDiff(Replace replace) {
        String old = "SELECT " + list(scope, "a") + ", a.filing_date FROM " + filings + " AS a" + replaced(replace, "a");
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_fdiff AS SELECT "
                + scope.stream().map(s -> "coalesce(o." + quote(s) + ", n." + quote(s) + ") AS " + quote(s))
                .collect(Collectors.joining(", "))
                + ", coalesce(o.filing_date, n.filing_date) AS filing_date, o.filing_date IS NOT NULL AS sluice_old, "
                + "n.filing_date IS NOT NULL AS sluice_new FROM (" + old + ") AS o FULL JOIN sluice_bt_filings AS n ON "
                + equal(scope, "o", "n") + " AND o.filing_date = n.filing_date "
                + "WHERE o.filing_date IS NULL OR n.filing_date IS NULL";
    }

    String deleteFilings() {
        return "DELETE FROM " + filings + " AS f USING sluice_bt_fdiff AS d WHERE d.sluice_old AND "
                + equal(scope, "f", "d") + " AND f.filing_date = d.filing_date";
    }

    String insertFilings() {
        return "INSERT INTO " + filings + " (" + list(scope, "") + ", filing_date) SELECT " + list(scope, "")
                + ", filing_date FROM sluice_bt_fdiff WHERE sluice_new";
    }

    /** Scopes whose knowledge changed. */
    String changedScopes() {
        String fromAssertions = "SELECT " + list(scope, "") + " FROM sluice_bt_adiff";
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_chg AS " + fromAssertions
                + (table.completeMode() ? " UNION SELECT " + list(scope, "") + " FROM sluice_bt_fdiff" : " GROUP BY ALL");
    }

    /**
     * timeline(KB) for the changed scopes (section 3), without building the key x date grid: an assertion continues
     * the previous version of its key when the key's previous (non-ABSENT) assertion is on the scope's previous
     * filing date with the same hash; a version ends at the filing date that follows its last assertion.
     */
    String nextTimeline() {
        String dated;
        if (table.completeMode()) {
            dated = "f AS (SELECT " + list(scope, "f") + ", f.filing_date, "
                    + "lag(f.filing_date) OVER w AS sluice_prev_date, lead(f.filing_date) OVER w AS sluice_next_date "
                    + "FROM " + filings + " AS f SEMI JOIN sluice_bt_chg AS c ON " + equal(scope, "f", "c")
                    + " WINDOW w AS (PARTITION BY " + list(scope, "f") + " ORDER BY f.filing_date)), "
                    + "a AS (SELECT " + list(keys, "a") + ", a.filing_date, a.value_hash, f.sluice_prev_date, "
                    + "f.sluice_next_date FROM " + assertions + " AS a JOIN f ON " + equal(scope, "a", "f")
                    + " AND a.filing_date = f.filing_date), ";
        } else {
            dated = "f AS (SELECT " + list(keys, "a") + ", a.filing_date, a.value_hash, "
                    + "lag(a.filing_date) OVER w AS sluice_prev_date, lead(a.filing_date) OVER w AS sluice_next_date "
                    + "FROM " + assertions + " AS a SEMI JOIN sluice_bt_chg AS c ON " + equal(keys, "a", "c")
                    + " WINDOW w AS (PARTITION BY " + list(keys, "a") + " ORDER BY a.filing_date)), "
                    + "a AS (SELECT * FROM f WHERE value_hash IS NOT NULL), ";
        }
        String byKey = "PARTITION BY " + list(keys, "") + " ORDER BY filing_date";
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_next AS WITH " + dated
                + "p AS (SELECT *, CASE WHEN lag(filing_date) OVER wk = sluice_prev_date "
                + "AND lag(value_hash) OVER wk = value_hash THEN 0 ELSE 1 END AS sluice_starts FROM a "
                + "WINDOW wk AS (" + byKey + ")), "
                + "r AS (SELECT *, sum(sluice_starts) OVER (" + byKey + " ROWS UNBOUNDED PRECEDING) AS sluice_run FROM p) "
                + "SELECT " + list(keys, "") + ", min(filing_date) AS valid_from, "
                + "nullif(max(coalesce(sluice_next_date, 'infinity'::DATE)), 'infinity'::DATE) AS valid_to, value_hash "
                + "FROM r GROUP BY " + list(keys, "") + ", sluice_run, value_hash";
    }

    String currentVersions() {
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_cur AS SELECT " + list(keys, "t")
                + ", t.valid_from, t.valid_to, t.value_hash FROM " + versions + " AS t SEMI JOIN sluice_bt_chg AS c ON "
                + equal(scope, "t", "c") + " WHERE t.system_to IS NULL";
    }

    String toClose() {
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_close AS SELECT * FROM sluice_bt_cur EXCEPT SELECT "
                + list(keys, "") + ", valid_from, valid_to, value_hash FROM sluice_bt_next";
    }

    /** Versions to open, with their values taken from the batch where it has them. */
    String toOpen() {
        return "CREATE OR REPLACE TEMP TABLE sluice_bt_open AS SELECT " + list(keys, "n") + ", "
                + prefixed(values, "b") + "n.valid_from, n.valid_to, n.value_hash, "
                + "b.value_hash IS NOT NULL AS sluice_has_values FROM (SELECT " + list(keys, "")
                + ", valid_from, valid_to, value_hash FROM sluice_bt_next EXCEPT SELECT * FROM sluice_bt_cur) AS n "
                + "LEFT JOIN (SELECT DISTINCT ON (" + list(keys, "") + ", value_hash) " + list(keys, "") + ", "
                + prefixed(values, "") + "value_hash FROM sluice_bt_rows) AS b ON " + equal(keys, "n", "b")
                + " AND n.value_hash = b.value_hash";
    }

    String versionsWithoutValues() {
        return "SELECT count(*) FROM sluice_bt_open WHERE NOT sluice_has_values";
    }

    /** Values of versions the batch does not carry, from any version of the same key with the same hash. */
    String valuesFromTable() {
        String set = values.stream().map(v -> quote(v) + " = e." + quote(v) + ", ").collect(Collectors.joining());
        return "UPDATE sluice_bt_open AS o SET " + set + "sluice_has_values = TRUE FROM (SELECT DISTINCT ON ("
                + list(keys, "t") + ", t.value_hash) " + list(keys, "t") + ", " + prefixed(values, "t")
                + "t.value_hash FROM " + versions + " AS t SEMI JOIN (SELECT " + list(keys, "")
                + ", value_hash FROM sluice_bt_open WHERE NOT sluice_has_values) AS w ON " + equal(keys, "t", "w")
                + " AND t.value_hash = w.value_hash) AS e WHERE NOT o.sluice_has_values AND " + equal(keys, "o", "e")
                + " AND o.value_hash = e.value_hash";
    }

    /**
     * One row: how many versions to open lack values, and the write's system time in micros since the epoch: the
     * requested one (parameter 1) if it is later than every system time in the table, else the latest + 1 µs.
     */
    String pending() {
        return "SELECT (SELECT count(*) FROM sluice_bt_open WHERE NOT sluice_has_values), "
                + "epoch_us(greatest(CAST(? AS TIMESTAMPTZ), (SELECT greatest(max(system_from), max(system_to)) "
                + "FROM " + versions + ") + INTERVAL 1 MICROSECOND))";
    }

    /** Closes the versions in sluice_bt_close at the system time (parameter 1). */
    String closeVersions() {
        return "UPDATE " + versions + " AS t SET system_to = CAST(? AS TIMESTAMPTZ) FROM sluice_bt_close AS c "
                + "WHERE t.system_to IS NULL AND " + equal(keys, "t", "c")
                + " AND t.valid_from = c.valid_from AND t.value_hash = c.value_hash";
    }

    /** Inserts the versions in sluice_bt_open at the system time (parameter 1). */
    String openVersions() {
        return "INSERT INTO " + versions + " (" + list(table.versionColumns(), "") + ") SELECT " + list(keys, "")
                + ", " + prefixed(values, "") + "valid_from, valid_to, value_hash, CAST(? AS TIMESTAMPTZ), NULL "
                + "FROM sluice_bt_open ORDER BY " + list(keys, "") + ", valid_from";
    }

    List<String> dropTemps() {
        return TEMP_TABLES.stream().map(t -> "DROP TABLE IF EXISTS temp.main." + t).toList();
    }

    /** Statements that create both input tables of an in-memory batch, all VARCHAR. */
    List<String> createInputs() {
        return List.of(input(IN_ROWS, rowColumns()), input(IN_MARKERS, markerColumns()));
    }

    private static String input(String name, List<String> columns) {
        return "CREATE OR REPLACE TEMP TABLE " + name + " ("
                + columns.stream().map(c -> quote(c) + " VARCHAR").collect(Collectors.joining(", ")) + ")";
    }

    /** The part of a companion table (alias {@code a}) that a batch replaces. */
    private String replaced(Replace replace, String alias) {
        return switch (replace) {
            case NONE -> " SEMI JOIN sluice_bt_filings AS b ON " + equal(scope, alias, "b")
                    + " AND " + alias + ".filing_date = b.filing_date";
            case SCOPES -> " SEMI JOIN (SELECT DISTINCT " + list(scope, "") + " FROM sluice_bt_filings) AS b ON "
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
