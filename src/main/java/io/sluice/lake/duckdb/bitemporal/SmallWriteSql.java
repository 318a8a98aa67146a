package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.bitemporal.Sql.equal;
import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.quote;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Sql;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The statements of a small write ({@link SmallWrite}): one query that reads the staged batch, one that reads the
 * current knowledge and versions of the scopes it touches, and the statements that apply a plan, naming rows by rowid. The
 * apply statements take their rowids and dates as array parameters, so a kept session plans each of them once.
 */
final class SmallWriteSql {

    private final BitemporalTable table;
    private final List<String> keys;
    private final List<String> scope;
    private final String versions;
    private final String assertions;
    private final String filings;
    private final String rowsT;
    private final String markersT;

    SmallWriteSql(BitemporalTable table, TempTables temps) {
        this.table = table;
        this.keys = table.keyColumns();
        this.scope = table.scopeColumns();
        this.versions = quote(table.name());
        this.assertions = quote(table.assertionsTable());
        this.filings = quote(table.filingsTable());
        this.rowsT = temps.rowsT;
        this.markersT = temps.markersT;
    }

    private String touchedScopes() {
        return "SELECT " + list(scope, "") + " FROM " + rowsT + " UNION SELECT " + list(scope, "") + " FROM "
                + markersT;
    }

    /**
     * The batch's part of a small write's state, at most {@code limit} + 1 rows: one row per staged row (R) and marker
     * (M), each with its date, value_hash, rowid, whether it is bad (a row or marker to reject, or a date outside
     * years 1 to 9999) and then its key columns as text (a marker's key columns outside the scope NULL; see
     * {@link SmallWriter#textKeys} for the key types whose text tells values apart as DuckDB does). It reads only the
     * staging temp tables, so the scopes it names can be bound to {@link #tableState} as parameters.
     */
    String batchState(int limit) {
        // sluice_bad: a row to reject (the general path says why), or a date outside what LocalDate and a DATE literal
        // carry alike (infinite, before year 1 or after 9999); internal columns are sluice_*, which user columns cannot
        // be
        return "SELECT 'R' AS sluice_tag, filing_date AS sluice_d1, CAST(NULL AS DATE) AS sluice_d2, value_hash AS sluice_h, "
                + "rowid AS sluice_rid, sluice_problem IS NOT NULL OR " + outside("filing_date") + " AS sluice_bad, "
                + keyTexts(keys.stream().map(Sql::quote).toList()) + " FROM " + rowsT
                + " UNION ALL SELECT 'M', filing_date, NULL, NULL, rowid, sluice_problem IS NOT NULL OR "
                + outside("filing_date")
                + ", " + keyTexts(scopeAsKeys("")) + " FROM " + markersT + " LIMIT " + (limit + 1);
    }

    /**
     * Whether {@link #tableState} can name the batch's scopes by parameters: one scope column of a type whose text,
     * cast back, is exactly the value it came from. A parameter compared with the column is a filter of the table
     * scan, which skips the row groups of other scopes by their min/max (a join with the staged scopes skips them
     * too, but costs about a millisecond more to run).
     */
    boolean scopesByParameter() {
        return scope.size() == 1
                && EXACT_TEXT.matcher(table.type(scope.get(0)).trim()).matches();
    }

    /** Types whose text ({@code CAST(x AS VARCHAR)}) cast back gives the same value, whatever the session's settings. */
    private static final Pattern EXACT_TEXT = Pattern.compile(
            "(?i)(VARCHAR|TEXT|STRING|U?(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT)|INT[1248]|LONG|SHORT|DATE|BOOLEAN|BOOL|UUID)");

    /**
     * The table's part of a small write's state, at most {@code limit} + 1 rows, in the columns of
     * {@link #batchState}: one row per current filing (F, complete mode), current assertion (A) and current version
     * (V) of the batch's scopes, with their dates, value_hash and rowid (a filing's key columns outside the scope
     * NULL); and one row T whose rowid is the write's system time in micros ({@code systemTime}). The scopes are the
     * {@code scopeParameters} scope texts bound first to each of F, A and V (see {@link #scopesByParameter()}), or,
     * if {@code scopeParameters} is 0, those of the staged rows and markers; the system time's parameters come last.
     */
    String tableState(String systemTime, int scopeParameters, int limit) {
        List<String> parts = new ArrayList<>();
        if (table.completeMode()) {
            parts.add("SELECT 'F', __sluice_f.filing_date, NULL, NULL, __sluice_f.rowid, "
                    + outside("__sluice_f.filing_date") + ", "
                    + keyTexts(scopeAsKeys("__sluice_f.")) + " FROM " + filings + " AS __sluice_f"
                    + ofScopes("__sluice_f", scopeParameters)
                    + " __sluice_f.sys_to IS NULL");
        }
        parts.add("SELECT 'A', __sluice_a.filing_date, NULL, __sluice_a.value_hash, __sluice_a.rowid, "
                + outside("__sluice_a.filing_date") + ", "
                + keyTexts(keys.stream().map(k -> "__sluice_a." + quote(k)).toList()) + " FROM " + assertions
                + " AS __sluice_a"
                + ofScopes("__sluice_a", scopeParameters) + " __sluice_a.sys_to IS NULL");
        parts.add("SELECT 'V', __sluice_t.valid_from, __sluice_t.valid_to, __sluice_t.value_hash, __sluice_t.rowid, "
                + outside("__sluice_t.valid_from") + " OR "
                + outside("__sluice_t.valid_to") + ", "
                + keyTexts(keys.stream().map(k -> "__sluice_t." + quote(k)).toList()) + " FROM " + versions
                + " AS __sluice_t" + ofScopes("__sluice_t", scopeParameters) + " __sluice_t.system_to IS NULL");
        parts.add("SELECT 'T', NULL, NULL, NULL, (" + systemTime + "), false, "
                + keys.stream().map(k -> "NULL").collect(Collectors.joining(", ")));
        return (scopeParameters == 0 ? "WITH sluice_s AS (" + touchedScopes() + ") " : "")
                + String.join(" UNION ALL ", parts) + " LIMIT " + (limit + 1);
    }

    /** The rows of {@code alias} in the batch's scopes, up to {@code WHERE} and the start of its next condition. */
    private String ofScopes(String alias, int scopeParameters) {
        if (scopeParameters == 0) {
            return " SEMI JOIN sluice_s AS __sluice_s ON " + equal(scope, alias, "__sluice_s") + " WHERE";
        }
        String type = table.type(scope.get(0));
        return " WHERE " + alias + "." + quote(scope.get(0)) + " IN ("
                + IntStream.range(0, scopeParameters)
                        .mapToObj(i -> "CAST(? AS " + type + ")")
                        .collect(Collectors.joining(", "))
                + ") AND";
    }

    /** Key column expressions as text, in key order. */
    private static String keyTexts(List<String> expressions) {
        return expressions.stream().map(e -> "CAST(" + e + " AS VARCHAR)").collect(Collectors.joining(", "));
    }

    /** Whether a date (NULL: none) lies outside years 1 to 9999. */
    private static String outside(String date) {
        return "NOT coalesce(" + date + " BETWEEN DATE '0001-01-01' AND DATE '9999-12-31', true)";
    }

    /** The key columns of a marker or filing: its scope columns, the others NULL (typed). */
    private List<String> scopeAsKeys(String prefix) {
        return keys.stream()
                .map(k -> scope.contains(k) ? prefix + quote(k) : "CAST(NULL AS " + table.type(k) + ")")
                .toList();
    }

    /**
     * The statements that write {@code plan} at system time {@code t}, each with the rows it must touch: per table
     * (versions, assertions, filings) one statement that closes rows by rowid and inserts new ones (a MERGE when it
     * does both, which costs a statement less). Their text depends only on which kinds of rows the plan has; rowids,
     * dates and the time are parameters (rowids and epoch days as arrays), so that a session prepares each once.
     */
    List<Apply> apply(SmallWrite.Plan plan, Instant t) {
        String at = t.toString();
        List<Apply> statements = new ArrayList<>();
        List<String> versionColumns = new ArrayList<>(keys);
        versionColumns.addAll(table.valueColumns());
        versionColumns.addAll(List.of("valid_from", "valid_to", "value_hash"));
        Rows opened = openVersions(plan.openVersions());
        write(versions, "system_to", "system_from", versionColumns, opened, plan.closeVersions(), at)
                .ifPresent(statements::add);

        List<String> assertionColumns = new ArrayList<>(keys);
        assertionColumns.addAll(List.of("filing_date", "value_hash"));
        Rows asserted = new Rows();
        // key mode: a tombstone marker's scope columns are the key columns
        asserted.from(list(keys, "") + ", filing_date, value_hash", rowsT, plan.assertionRows());
        asserted.from(
                list(keys, "") + ", filing_date, CAST(NULL AS VARCHAR) AS value_hash",
                markersT,
                plan.tombstoneMarkers());
        write(assertions, "sys_to", "sys_from", assertionColumns, asserted, plan.closeAssertions(), at)
                .ifPresent(statements::add);

        List<String> filingColumns = new ArrayList<>(scope);
        filingColumns.add("filing_date");
        Rows filed = new Rows();
        filed.from(list(scope, "") + ", filing_date", rowsT, plan.filingRows());
        filed.from(list(scope, "") + ", filing_date", markersT, plan.filingMarkers());
        write(filings, "sys_to", "sys_from", filingColumns, filed, plan.closeFilings(), at)
                .ifPresent(statements::add);
        return statements;
    }

    /** The rowids of an array parameter, as the right side of {@code IN}. */
    private static final String ROWIDS = "(SELECT unnest(CAST(? AS BIGINT[])))";

    /**
     * A statement, how many rows it must insert or update, and its parameters: strings, and rowids ({@code Long[]})
     * or epoch days ({@code Integer[]}, null for none) as arrays.
     */
    record Apply(String sql, long rows, List<Object> parameters) {}

    /** Rows to insert: a UNION ALL of selects with their parameters, and how many rows they give. */
    private static final class Rows {
        final List<String> selects = new ArrayList<>();
        final List<Object> parameters = new ArrayList<>();
        long count;

        /** The rows of {@code rids} in the temp table {@code from}, with the given select list (none if empty). */
        void from(String columns, String from, List<Long> rids) {
            if (!rids.isEmpty()) {
                add(
                        "SELECT " + columns + " FROM " + from + " WHERE rowid IN " + ROWIDS,
                        List.of((Object) ids(rids)),
                        rids.size());
            }
        }

        void add(String select, List<Object> selectParameters, long rows) {
            selects.add(select);
            parameters.addAll(selectParameters);
            count += rows;
        }
    }

    /**
     * Closes the rows {@code close} of {@code target} (sets {@code to} where it is NULL) and inserts {@code rows}
     * (columns {@code columns}, believed from the write's time on): an UPDATE, an INSERT, or one MERGE for both;
     * empty when there is nothing to do.
     */
    private static Optional<Apply> write(
            String target, String to, String from, List<String> columns, Rows rows, List<Long> close, String at) {
        String union = String.join(" UNION ALL ", rows.selects);
        String closeWhere = "rowid IN " + ROWIDS + " AND " + to + " IS NULL";
        if (rows.selects.isEmpty() && close.isEmpty()) {
            return Optional.empty();
        }
        if (rows.selects.isEmpty()) {
            return Optional.of(new Apply(
                    "UPDATE " + target + " SET " + to + " = CAST(? AS TIMESTAMPTZ) WHERE " + closeWhere,
                    close.size(),
                    List.of(at, ids(close))));
        }
        List<Object> parameters = new ArrayList<>(rows.parameters);
        if (close.isEmpty()) {
            parameters.add(0, at);
            return Optional.of(new Apply(
                    "INSERT INTO " + target + " (" + list(columns, "") + ", " + from + ", " + to
                            + ") SELECT *, CAST(? AS TIMESTAMPTZ), NULL FROM (" + union + ")",
                    rows.count,
                    parameters));
        }
        // rows to insert have no rowid, so they never match; rows to close match theirs (and are current)
        parameters.add(ids(close));
        parameters.add(at);
        parameters.add(at);
        return Optional.of(new Apply(
                "MERGE INTO " + target + " AS sluice_t USING (SELECT CAST(NULL AS BIGINT) AS sluice_rid, * "
                        + "FROM (" + union
                        + ") UNION ALL BY NAME SELECT unnest(CAST(? AS BIGINT[])) AS sluice_rid) AS sluice_s "
                        + "ON sluice_t.rowid = sluice_s.sluice_rid WHEN MATCHED AND sluice_t." + to
                        + " IS NULL THEN UPDATE SET " + to
                        + " = CAST(? AS TIMESTAMPTZ) WHEN NOT MATCHED THEN INSERT (" + list(columns, "") + ", " + from
                        + ", " + to
                        + ") VALUES (" + list(columns, "sluice_s") + ", CAST(? AS TIMESTAMPTZ), NULL)",
                rows.count + close.size(),
                parameters));
    }

    /** The versions to open, from batch rows or current versions by rowid, with their dates. */
    private Rows openVersions(List<SmallWrite.Opening> openings) {
        Rows rows = new Rows();
        for (SmallWrite.Source source : SmallWrite.Source.values()) {
            List<SmallWrite.Opening> these =
                    openings.stream().filter(o -> o.source() == source).toList();
            if (these.isEmpty()) {
                continue;
            }
            String sourceTable = source == SmallWrite.Source.BATCH_ROW ? rowsT : versions;
            // unsorted: a small write's rows land together at the table's end, where an ORDER BY would not cluster them
            rows.add(
                    "SELECT " + list(keys, "__sluice_src") + ", " + Sql.prefixed(table.valueColumns(), "__sluice_src")
                            + "DATE '1970-01-01' + __sluice_v.sluice_from AS valid_from, DATE '1970-01-01' + __sluice_v.sluice_to AS valid_to, __sluice_src.value_hash "
                            + "FROM (SELECT unnest(CAST(? AS BIGINT[])) AS sluice_rid, unnest(CAST(? AS INTEGER[])) AS sluice_from, "
                            + "unnest(CAST(? AS INTEGER[])) AS sluice_to) AS __sluice_v JOIN " + sourceTable
                            + " AS __sluice_src ON __sluice_src.rowid = __sluice_v.sluice_rid",
                    List.of(
                            these.stream().map(SmallWrite.Opening::rid).toArray(Long[]::new),
                            these.stream().map(o -> epochDay(o.from())).toArray(Integer[]::new),
                            these.stream().map(o -> epochDay(o.to())).toArray(Integer[]::new)),
                    these.size());
        }
        return rows;
    }

    private static Long[] ids(List<Long> rids) {
        return rids.toArray(Long[]::new);
    }

    /** Days since 1970-01-01 (the planner keeps dates within years 1 to 9999), null for none. */
    private static Integer epochDay(LocalDate date) {
        return date == null ? null : Math.toIntExact(date.toEpochDay());
    }
}
