package io.sluice.lake.bitemporal;

import static io.sluice.lake.bitemporal.Sql.equal;
import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.quote;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The statements of a small write ({@link SmallWrite}): one query that reads the staged batch and the current
 * knowledge and versions of the scopes it touches, and the statements that apply a plan, naming rows by rowid. The
 * apply statements carry their rowids and dates as literals (numbers and dates only), so they are run unprepared.
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

    /** One row: how many scopes the staged rows and markers touch. */
    String scopes() {
        return "SELECT count(*) FROM (" + touchedScopes() + ")";
    }

    private String touchedScopes() {
        return "SELECT " + list(scope, "") + " FROM " + rowsT + " UNION SELECT " + list(scope, "") + " FROM " + markersT;
    }

    /**
     * The state of a small write, at most {@code limit} + 1 rows (more means: too big for a small write): one row
     * per staged row (R), marker (M), current filing (F, complete mode), current assertion (A) and current version (V)
     * of the batch's scopes, each with DuckDB's dense rank of its scope and of its key (the same rank for equal
     * values, by DuckDB's equality), its dates, value_hash, rowid and whether it is bad (a batch row or marker to reject,
     * or an infinite date); and one row T whose
     * rowid is the write's system time in micros ({@code systemTime}, whose parameters come first).
     */
    String state(String systemTime, int limit) {
        String touched = "s AS (" + touchedScopes() + ")";
        List<String> parts = new ArrayList<>();
        // sluice_bad: a row to reject (the general path says why), or a date outside what LocalDate and a DATE literal
        // carry alike (infinite, before year 1 or after 9999); internal columns are sluice_*, which user columns cannot be
        parts.add("SELECT 'R' AS sluice_tag, " + list(keys, "") + ", filing_date AS sluice_d1, CAST(NULL AS DATE) AS sluice_d2, "
                + "value_hash AS sluice_h, rowid AS sluice_rid, sluice_problem IS NOT NULL OR " + outside("filing_date")
                + " AS sluice_bad FROM " + rowsT);
        parts.add("SELECT 'M', " + scopeAsKeys("") + ", filing_date, NULL, NULL, rowid, sluice_problem IS NOT NULL OR "
                + outside("filing_date") + " FROM " + markersT);
        if (table.completeMode()) {
            parts.add("SELECT 'F', " + scopeAsKeys("f.") + ", f.filing_date, NULL, NULL, f.rowid, " + outside("f.filing_date")
                    + " FROM " + filings + " AS f SEMI JOIN s ON " + equal(scope, "f", "s") + " WHERE f.sys_to IS NULL");
        }
        parts.add("SELECT 'A', " + list(keys, "a") + ", a.filing_date, NULL, a.value_hash, a.rowid, " + outside("a.filing_date")
                + " FROM " + assertions + " AS a SEMI JOIN s ON " + equal(scope, "a", "s") + " WHERE a.sys_to IS NULL");
        parts.add("SELECT 'V', " + list(keys, "t") + ", t.valid_from, t.valid_to, t.value_hash, t.rowid, " + outside("t.valid_from")
                + " OR " + outside("t.valid_to") + " FROM " + versions + " AS t SEMI JOIN s ON " + equal(scope, "t", "s")
                + " WHERE t.system_to IS NULL");
        return "WITH " + touched + ", u AS (" + String.join(" UNION ALL ", parts) + ") SELECT sluice_tag, dense_rank() OVER "
                + "(ORDER BY " + list(scope, "") + ") AS sluice_sid, dense_rank() OVER (ORDER BY " + list(keys, "")
                + ") AS sluice_kid, sluice_d1, sluice_d2, sluice_h, sluice_rid, sluice_bad FROM u UNION ALL SELECT 'T', 0, 0, "
                + "NULL, NULL, NULL, (" + systemTime + "), false LIMIT " + (limit + 1);
    }

    /** Whether a date (NULL: none) lies outside years 1 to 9999. */
    private static String outside(String date) {
        return "NOT coalesce(" + date + " BETWEEN DATE '0001-01-01' AND DATE '9999-12-31', true)";
    }

    /** The key columns of a marker or filing: its scope columns, the others NULL (typed). */
    private String scopeAsKeys(String prefix) {
        return keys.stream().map(k -> scope.contains(k) ? prefix + quote(k) : "CAST(NULL AS " + table.type(k) + ")")
                .collect(Collectors.joining(", "));
    }

    /** The statements that write {@code plan} at system time {@code t}, each with the rows it must touch. */
    List<Apply> apply(SmallWrite.Plan plan, Instant t) {
        String at = "CAST('" + t + "' AS TIMESTAMPTZ)";
        List<Apply> statements = new ArrayList<>();
        if (!plan.openVersions().isEmpty()) {
            statements.add(new Apply(openVersions(plan.openVersions(), at), plan.openVersions().size()));
        }
        if (!plan.closeVersions().isEmpty()) {
            statements.add(new Apply(close(versions, "system_to", plan.closeVersions(), at), plan.closeVersions().size()));
        }
        if (!plan.closeAssertions().isEmpty()) {
            statements.add(new Apply(close(assertions, "sys_to", plan.closeAssertions(), at), plan.closeAssertions().size()));
        }
        if (!plan.assertionRows().isEmpty() || !plan.tombstoneMarkers().isEmpty()) {
            List<String> from = new ArrayList<>();
            if (!plan.assertionRows().isEmpty()) {
                from.add("SELECT " + list(keys, "") + ", filing_date, value_hash FROM " + rowsT + " WHERE rowid IN ("
                        + ids(plan.assertionRows()) + ")");
            }
            if (!plan.tombstoneMarkers().isEmpty()) {
                // key mode: a marker's scope columns are the key columns
                from.add("SELECT " + list(keys, "") + ", filing_date, CAST(NULL AS VARCHAR) FROM " + markersT
                        + " WHERE rowid IN (" + ids(plan.tombstoneMarkers()) + ")");
            }
            statements.add(new Apply("INSERT INTO " + assertions + " (" + list(keys, "") + ", filing_date, value_hash, sys_from, "
                    + "sys_to) SELECT *, " + at + ", NULL FROM (" + String.join(" UNION ALL ", from) + ") ORDER BY "
                    + list(scope, ""), plan.assertionRows().size() + plan.tombstoneMarkers().size()));
        }
        if (!plan.closeFilings().isEmpty()) {
            statements.add(new Apply(close(filings, "sys_to", plan.closeFilings(), at), plan.closeFilings().size()));
        }
        if (!plan.filingRows().isEmpty() || !plan.filingMarkers().isEmpty()) {
            List<String> from = new ArrayList<>();
            if (!plan.filingRows().isEmpty()) {
                from.add("SELECT " + list(scope, "") + ", filing_date FROM " + rowsT + " WHERE rowid IN (" + ids(plan.filingRows()) + ")");
            }
            if (!plan.filingMarkers().isEmpty()) {
                from.add("SELECT " + list(scope, "") + ", filing_date FROM " + markersT + " WHERE rowid IN ("
                        + ids(plan.filingMarkers()) + ")");
            }
            statements.add(new Apply("INSERT INTO " + filings + " (" + list(scope, "") + ", filing_date, sys_from, sys_to) "
                    + "SELECT *, " + at + ", NULL FROM (" + String.join(" UNION ALL ", from) + ")",
                    plan.filingRows().size() + plan.filingMarkers().size()));
        }
        return statements;
    }

    /** A statement and how many rows it must insert or update. */
    record Apply(String sql, long rows) {
    }

    private String openVersions(List<SmallWrite.Opening> openings, String at) {
        List<String> from = new ArrayList<>();
        for (SmallWrite.Source source : SmallWrite.Source.values()) {
            List<SmallWrite.Opening> these = openings.stream().filter(o -> o.source() == source).toList();
            if (these.isEmpty()) {
                continue;
            }
            String sourceTable = source == SmallWrite.Source.BATCH_ROW ? rowsT : versions;
            String intervals = these.stream().map(o -> "(" + o.rid() + ", " + date(o.from()) + ", " + date(o.to()) + ")")
                    .collect(Collectors.joining(", "));
            from.add("SELECT " + list(keys, "src") + ", " + Sql.prefixed(table.valueColumns(), "src") + "v.sluice_from, "
                    + "v.sluice_to, src.value_hash FROM (VALUES " + intervals + ") AS v(sluice_rid, sluice_from, sluice_to) JOIN "
                    + sourceTable + " AS src ON src.rowid = v.sluice_rid "
                    + "WHERE src.rowid IN (" + these.stream().map(o -> Long.toString(o.rid())).collect(Collectors.joining(", ")) + ")");
        }
        return "INSERT INTO " + versions + " (" + list(table.versionColumns(), "") + ") SELECT *, " + at + ", NULL FROM ("
                + String.join(" UNION ALL ", from) + ") ORDER BY " + list(scope, "");
    }

    private static String close(String target, String to, List<Long> rids, String at) {
        return "UPDATE " + target + " SET " + to + " = " + at + " WHERE rowid IN (" + ids(rids) + ") AND " + to + " IS NULL";
    }

    private static String ids(List<Long> rids) {
        return rids.stream().map(Object::toString).collect(Collectors.joining(", "));
    }

    private static String date(LocalDate date) {
        return date == null ? "CAST(NULL AS DATE)" : "DATE '" + date + "'";
    }
}
