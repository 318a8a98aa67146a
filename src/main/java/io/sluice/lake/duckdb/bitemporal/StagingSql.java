package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.literal;
import static io.sluice.lake.bitemporal.Sql.quote;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.RejectionTexts;
import io.sluice.lake.bitemporal.Sql;
import io.sluice.lake.bitemporal.ValueHash;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Staging and validation of a batch (section 2): statements as text, no I/O. */
final class StagingSql {

    private final BitemporalTable table;
    private final List<String> keys;
    private final List<String> values;
    private final List<String> scope;
    private final String rowsT;
    private final String markersT;
    private final String valuesT;
    private final boolean narrowValueIds;

    /** {@code narrowValueIds}: value ids of one bit, so that distinct tuples collide (to test the fallback). */
    StagingSql(BitemporalTable table, TempTables temps, boolean narrowValueIds) {
        this.table = table;
        this.keys = table.keyColumns();
        this.values = table.valueColumns();
        this.scope = table.scopeColumns();
        this.rowsT = temps.rowsT;
        this.markersT = temps.markersT;
        this.valuesT = temps.valuesT;
        this.narrowValueIds = narrowValueIds;
    }

    /**
     * Types and hashes the batch rows and groups them by (key, date) in one pass: identical duplicates collapse,
     * {@code sluice_conflict} marks a group with two different values, {@code sluice_problem} holds a NULL or
     * unreadable key or date, {@code sluice_n} counts the rows.
     */
    String stageRows(String source) {
        return "INSERT INTO " + rowsT + " SELECT " + list(keys, "") + ", filing_date, " + firstValues()
                + "min(value_hash) AS value_hash, min(value_hash) <> max(value_hash) AS sluice_conflict, "
                + "max(sluice_problem) AS sluice_problem, count(*) AS sluice_n, NULL AS sluice_vid FROM ("
                + hashed(source)
                + ") AS __sluice_hashed GROUP BY " + list(keys, "") + ", filing_date";
    }

    /**
     * Types and hashes the batch rows one for one, without grouping: several times cheaper than {@link #stageRows}
     * (which carries every value through a hash aggregate) and the same result when no (key, date) repeats, which
     * {@link #repeatedKeys()} tells.
     */
    String stageDistinctRows(String source) {
        return "INSERT INTO " + rowsT + " SELECT " + list(keys, "") + ", filing_date, " + Sql.prefixed(values, "")
                + "value_hash, FALSE AS sluice_conflict, sluice_problem, 1 AS sluice_n, NULL AS sluice_vid FROM ("
                + hashed(source) + ") AS __sluice_hashed";
    }

    /**
     * A first load's staging: like {@link #stageDistinctRows}, but instead of the md5 of every row (most of the cost of
     * staging) a 64-bit id of the values ({@code sluice_vid}, DuckDB's {@code hash}). The md5 is then computed once per
     * distinct value tuple ({@link #valueTuples()}), and equal ids stand for equal values only once
     * {@link #valueIdCollision()} has shown that no two tuples of the batch share one.
     */
    String stageValueIds(String source) {
        return "INSERT INTO " + rowsT + " SELECT " + list(keys, "") + ", filing_date, " + Sql.prefixed(values, "")
                + "NULL AS value_hash, FALSE AS sluice_conflict, sluice_problem, 1 AS sluice_n, " + valueId()
                + " AS sluice_vid FROM (" + typed(source) + ") AS __sluice_typed";
    }

    /** {@link #stageValueIds} grouped by (key, date), as {@link #stageRows} groups {@link #stageDistinctRows}. */
    String stageValueIdsGrouped(String source) {
        return "INSERT INTO " + rowsT + " SELECT " + list(keys, "") + ", filing_date, " + firstValues()
                + "NULL AS value_hash, min(sluice_vid) <> max(sluice_vid) AS sluice_conflict, "
                + "max(sluice_problem) AS sluice_problem, count(*) AS sluice_n, min(sluice_vid) AS sluice_vid FROM (SELECT *, "
                + valueId() + " AS sluice_vid FROM (" + typed(source)
                + ") AS __sluice_typed) AS __sluice_ided GROUP BY " + list(keys, "")
                + ", filing_date";
    }

    /**
     * Each distinct value tuple of the rows staged by {@link #stageValueIds}, with its id and its value_hash. Tuples are
     * told apart by their text, as the value_hash does: a type whose equality is coarser than its text (an INTERVAL
     * of 30 days and one of 1 month) keeps two tuples and two hashes.
     */
    String valueTuples() {
        String texts =
                values.stream().map(v -> "CAST(" + quote(v) + " AS VARCHAR)").collect(Collectors.joining(", "));
        return "INSERT INTO " + valuesT + " SELECT " + Sql.prefixed(values, "") + "sluice_vid, "
                + ValueHash.sql(values, "") + " AS value_hash FROM (SELECT " + firstValues() + "sluice_vid FROM "
                + rowsT
                + " GROUP BY " + (values.isEmpty() ? "" : texts + ", ") + "sluice_vid) AS __sluice_v";
    }

    /**
     * One row: about how many distinct value ids the rows staged by {@link #stageValueIds} have (HyperLogLog, a few
     * percent off), to tell whether their values repeat enough for {@link #valueTuples()} to pay.
     */
    String valueIdSpread() {
        return "SELECT approx_count_distinct(sluice_vid) FROM " + rowsT;
    }

    /**
     * Whether a first load of {@code rows} staged rows with about {@code tuples} distinct value tuples should hash
     * each tuple once ({@link #valueTuples()}) rather than each row: when the values repeat (at least 4 rows per
     * tuple on average), or the batch is small enough for either to be cheap.
     */
    static boolean fewValueTuples(long rows, long tuples) {
        return rows < SMALL_BATCH || tuples * 4 <= rows;
    }

    /** Below this many rows a first load hashes value tuples without counting them first. */
    static final long SMALL_BATCH = 65_536;

    /** A scalar query: whether two distinct value tuples of {@link #valueTuples()} share an id. */
    String valueIdCollision() {
        return "SELECT count(*) > count(DISTINCT sluice_vid) FROM " + valuesT;
    }

    /** The id of a row's values: a 64-bit hash of their text (NULL apart from any text). */
    private String valueId() {
        String id = values.isEmpty()
                ? "CAST(0 AS UBIGINT)"
                : "hash("
                        + values.stream()
                                .map(v -> "CAST(" + quote(v) + " AS VARCHAR)")
                                .collect(Collectors.joining(", "))
                        + ")";
        return narrowValueIds ? "(" + id + " % 2)" : id;
    }

    private String firstValues() {
        return values.stream()
                .map(v -> "first(" + quote(v) + ") AS " + quote(v) + ", ")
                .collect(Collectors.joining());
    }

    /** Whether a (key, date) occurs twice among the staged rows (a scalar query). */
    private String repeatedKeys() {
        return "SELECT EXISTS (SELECT 1 FROM " + rowsT + " GROUP BY " + list(keys, "")
                + ", filing_date HAVING count(*) > 1)";
    }

    String clearRows() {
        return "DELETE FROM " + rowsT;
    }

    /** The batch rows typed and hashed, one for one, with whether they have a problem (see {@link #typed}). */
    String hashed(String source) {
        return "SELECT *, " + ValueHash.sql(values, "") + " AS value_hash FROM (" + typed(source)
                + ") AS __sluice_typed";
    }

    /**
     * What {@code sluice_problem} holds for a row with a NULL or unreadable key or date, or an unreadable value, until
     * {@link #firstProblem} says which.
     */
    static final String UNEXPLAINED = "?";

    /**
     * The batch rows typed, one for one, without hash, and in {@code sluice_problem} {@link #UNEXPLAINED} for a row
     * with a problem (a NULL or unreadable key or date, or an unreadable value), else NULL. It is told from the typed
     * columns (a key or date that is NULL once typed, a value that is NULL only once typed), which costs a fraction of
     * building each row's message: {@link #firstProblem} builds the first one when a batch is rejected.
     */
    String typed(String source) {
        List<String> problems = new ArrayList<>();
        keys.forEach(k -> problems.add(quote(k) + " IS NULL"));
        problems.add("filing_date IS NULL");
        StringBuilder sourceNulls = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            problems.add("(" + quote(values.get(i)) + " IS NULL AND NOT sluice_null_" + i + ")");
            sourceNulls
                    .append(", __sluice_src.")
                    .append(quote(values.get(i)))
                    .append(" IS NULL AS sluice_null_")
                    .append(i);
        }
        return "SELECT " + Sql.prefixed(keys, "") + Sql.prefixed(values, "") + "filing_date, CASE WHEN "
                + String.join(" OR ", problems) + " THEN " + literal(UNEXPLAINED)
                + " END AS sluice_problem FROM (SELECT "
                + casts(keys) + casts(values) + "TRY_CAST(__sluice_src." + quote(table.dateColumn())
                + " AS DATE) AS filing_date"
                + sourceNulls + " FROM (" + source + "\n) AS __sluice_src) AS sluice_typed";
    }

    /** A scalar query: the message of the first problem of the batch rows (NULL if none), in the words of a rejection. */
    String firstProblem(String source) {
        List<String> checks = new ArrayList<>();
        keys.forEach(k -> checks.addAll(requiredChecks(k, RejectionTexts.KEY, table.type(k))));
        checks.addAll(requiredChecks(table.dateColumn(), RejectionTexts.DATE, "DATE"));
        values.forEach(v -> checks.add(convertibleCheck(v, RejectionTexts.VALUE, table.type(v))));
        return "SELECT sluice_problem FROM (SELECT " + problem(checks) + " AS sluice_problem FROM (" + source
                + "\n) AS __sluice_src) AS __sluice_checked WHERE sluice_problem IS NOT NULL LIMIT 1";
    }

    String insertMarkers(String source) {
        List<String> checks = new ArrayList<>();
        scope.forEach(s -> checks.addAll(requiredChecks(s, RejectionTexts.SCOPE, table.type(s))));
        checks.addAll(requiredChecks(table.dateColumn(), RejectionTexts.DATE, "DATE"));
        return "INSERT INTO " + markersT + " SELECT DISTINCT " + casts(scope)
                + "TRY_CAST(__sluice_src." + quote(table.dateColumn()) + " AS DATE) AS filing_date, "
                + problem(checks) + " AS sluice_problem FROM (" + source + "\n) AS __sluice_src";
    }

    /**
     * One row: rows in (before de-duplication), the first NULL or unreadable key, scope or date, the first conflict,
     * if {@code withRepeats}, whether a (key, date) occurs twice among the staged rows (see {@link #repeatedKeys()}),
     * and then the value of each scalar query in {@code more}.
     */
    String validation(boolean withRepeats, String... more) {
        return "SELECT (SELECT coalesce(sum(sluice_n), 0) FROM " + rowsT + "), "
                + "(SELECT sluice_problem FROM " + rowsT + " WHERE sluice_problem IS NOT NULL UNION ALL "
                + "SELECT " + literal(RejectionTexts.MARKER) + " || sluice_problem FROM " + markersT
                + " WHERE sluice_problem IS NOT NULL "
                + "LIMIT 1), "
                + "(SELECT " + RejectionTexts.conflictSql(keys) + " FROM " + rowsT + " WHERE sluice_conflict LIMIT 1)"
                + (withRepeats ? ", (" + repeatedKeys() + ")" : "")
                + Arrays.stream(more).map(q -> ", (" + q + ")").collect(Collectors.joining());
    }

    private String casts(List<String> columns) {
        return columns.stream()
                .map(c -> "TRY_CAST(__sluice_src." + quote(c) + " AS " + table.type(c) + ") AS " + quote(c) + ", ")
                .collect(Collectors.joining());
    }

    private static List<String> requiredChecks(String column, String what, String type) {
        String ref = "__sluice_src." + quote(column);
        return List.of(
                "WHEN " + ref + " IS NULL THEN " + literal(RejectionTexts.nullIn(what, column)),
                "WHEN TRY_CAST(" + ref + " AS " + type + ") IS NULL THEN "
                        + RejectionTexts.cannotReadSql(what, column, ref, type));
    }

    private static String convertibleCheck(String column, String what, String type) {
        String ref = "__sluice_src." + quote(column);
        return "WHEN " + ref + " IS NOT NULL AND TRY_CAST(" + ref + " AS " + type + ") IS NULL THEN "
                + RejectionTexts.cannotReadSql(what, column, ref, type);
    }

    private static String problem(List<String> checks) {
        return "CASE " + String.join(" ", checks) + " END";
    }
}
