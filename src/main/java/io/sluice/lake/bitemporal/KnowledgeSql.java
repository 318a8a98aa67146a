package io.sluice.lake.bitemporal;

import static io.sluice.lake.bitemporal.Sql.equal;
import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.quote;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The tables and the knowledge base update of a write, as {@link Replace} says: statements as text, no I/O. */
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
    }

    List<String> createTables() {
        List<String> ddl = new ArrayList<>();
        ddl.add("CREATE TABLE IF NOT EXISTS " + versions + " (" + Sql.typed(table, keys, " NOT NULL") + Sql.typed(table, values, "")
                + "valid_from DATE NOT NULL, valid_to DATE, value_hash VARCHAR NOT NULL, "
                + "system_from TIMESTAMPTZ NOT NULL, system_to TIMESTAMPTZ)");
        ddl.add("CREATE TABLE IF NOT EXISTS " + assertions + " (" + Sql.typed(table, keys, " NOT NULL")
                + "filing_date DATE NOT NULL, value_hash VARCHAR)");
        if (table.completeMode()) {
            ddl.add("CREATE TABLE IF NOT EXISTS " + filings + " (" + Sql.typed(table, scope, " NOT NULL")
                    + "filing_date DATE NOT NULL)");
        }
        return ddl;
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
}
