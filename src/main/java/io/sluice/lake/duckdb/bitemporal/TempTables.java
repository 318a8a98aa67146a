package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.bitemporal.Sql.quote;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Sql;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A table's temp tables ({@code sluice_bt_<table>_<role>}), per connection. A write fills them in this order and
 * empties them at its end, so that a session can keep statements prepared against them:
 * <ol>
 *   <li>{@code in_rows}, {@code in_markers}: an in-memory batch as text;</li>
 *   <li>{@code rows}: the batch typed, hashed and grouped by (key, date), with its row count, the first problem of
 *       each group and whether the group holds two different values; {@code markers}; on a first load the rows carry
 *       a 64-bit id of their values instead of the hash, and {@code values} holds each distinct value tuple once
 *       with its id and hash;</li>
 *   <li>{@code filings} (complete mode): the batch's filings;</li>
 *   <li>{@code adiff}, {@code fdiff}: how the knowledge base changes;</li>
 *   <li>{@code delta}: the versions to close and to open;</li>
 *   <li>{@code edges}: a first load's boundary assertions, with their hash and staged row, or their value id.</li>
 * </ol>
 */
final class TempTables {

    final String inRows;
    final String inMarkers;
    final String rowsT;
    final String markersT;
    final String filingsT;
    final String adiffT;
    final String fdiffT;
    final String deltaT;
    final String edgesT;
    final String valuesT;
    private final BitemporalTable table;
    private final List<String> keys;
    private final List<String> values;
    private final List<String> scope;

    TempTables(BitemporalTable table) {
        this.table = table;
        this.keys = table.keyColumns();
        this.values = table.valueColumns();
        this.scope = table.scopeColumns();
        String prefix = "sluice_bt_" + table.name() + "_";
        this.inRows = prefix + "in_rows";
        this.inMarkers = prefix + "in_markers";
        this.rowsT = prefix + "rows";
        this.markersT = prefix + "markers";
        this.filingsT = prefix + "filings";
        this.adiffT = prefix + "adiff";
        this.fdiffT = prefix + "fdiff";
        this.deltaT = prefix + "delta";
        this.edgesT = prefix + "edges";
        this.valuesT = prefix + "values";
    }

    /**
     * The temp tables of staging (inputs, staged rows and markers), created if missing; their columns are in the
     * order the statements fill them. A small write needs only these.
     */
    List<String> createStagingTemps() {
        List<String> ddl = new ArrayList<>();
        ddl.add(temp(inRows, varchars(table.rowColumns())));
        ddl.add(temp(inMarkers, varchars(table.markerColumns())));
        ddl.add(
                temp(
                        rowsT,
                        Sql.typed(table, keys, "") + "filing_date DATE, " + Sql.typed(table, values, "")
                                + "value_hash VARCHAR, sluice_conflict BOOLEAN, sluice_problem VARCHAR, sluice_n BIGINT, sluice_vid UBIGINT"));
        ddl.add(temp(markersT, Sql.typed(table, scope, "") + "filing_date DATE, sluice_problem VARCHAR"));
        return ddl;
    }

    /** The other temp tables, which the general path and a first load fill, created if missing. */
    List<String> createGeneralTemps() {
        List<String> ddl = new ArrayList<>();
        ddl.add(temp(
                adiffT,
                Sql.typed(table, keys, "") + "filing_date DATE, value_hash VARCHAR, sluice_old BOOLEAN, "
                        + "sluice_new BOOLEAN"));
        if (table.completeMode()) {
            ddl.add(temp(filingsT, Sql.typed(table, scope, "") + "filing_date DATE"));
            ddl.add(temp(
                    fdiffT, Sql.typed(table, scope, "") + "filing_date DATE, sluice_old BOOLEAN, sluice_new BOOLEAN"));
        }
        ddl.add(temp(
                deltaT,
                Sql.typed(table, keys, "") + Sql.typed(table, values, "") + "valid_from DATE, valid_to DATE, "
                        + "value_hash VARCHAR, sluice_close BOOLEAN, sluice_has_values BOOLEAN"));
        ddl.add(temp(
                edgesT,
                Sql.typed(table, keys, "") + "filing_date DATE, value_hash VARCHAR, sluice_row BIGINT, "
                        + "sluice_vid UBIGINT, sluice_next_date DATE, sluice_continues BOOLEAN, sluice_continued BOOLEAN, "
                        + "sluice_dup BOOLEAN"));
        ddl.add(temp(valuesT, Sql.typed(table, values, "") + "sluice_vid UBIGINT, value_hash VARCHAR"));
        return ddl;
    }

    /** Empties the temp tables (inside the write's transaction). */
    List<String> clearTemps() {
        return temps().stream().map(t -> "DELETE FROM temp.main." + quote(t)).toList();
    }

    /**
     * Empties the tables a small write fills: the staged rows, and the inputs of an in-memory batch and the staged
     * markers if the write used them (a DELETE of an empty temp table still costs a statement).
     */
    List<String> clearStaged(boolean inputs, boolean markers) {
        List<String> used = new ArrayList<>();
        if (inputs) {
            used.add(inRows);
            used.add(inMarkers);
        }
        used.add(rowsT);
        if (markers) {
            used.add(markersT);
        }
        return used.stream().map(t -> "DELETE FROM temp.main." + quote(t)).toList();
    }

    /** Empties the input tables of an in-memory batch. */
    List<String> clearInputs() {
        return List.of("DELETE FROM temp.main." + quote(inRows), "DELETE FROM temp.main." + quote(inMarkers));
    }

    /** Empties the first load's boundary assertions. */
    String clearEdges() {
        return "DELETE FROM temp.main." + quote(edgesT);
    }

    /** Empties the first load's value tuples. */
    String clearValues() {
        return "DELETE FROM temp.main." + quote(valuesT);
    }

    /** Drops every temp table ({@code all}) or those of staging only. */
    List<String> dropTemps(boolean all) {
        return (all ? temps() : List.of(inRows, inMarkers, rowsT, markersT))
                .stream().map(t -> "DROP TABLE IF EXISTS temp.main." + quote(t)).toList();
    }

    private List<String> temps() {
        return table.completeMode()
                ? List.of(inRows, inMarkers, rowsT, markersT, adiffT, filingsT, fdiffT, deltaT, edgesT, valuesT)
                : List.of(inRows, inMarkers, rowsT, markersT, adiffT, deltaT, edgesT, valuesT);
    }

    private static String temp(String name, String columns) {
        return "CREATE TEMP TABLE IF NOT EXISTS " + quote(name) + " (" + columns + ")";
    }

    private static String varchars(List<String> columns) {
        return columns.stream().map(c -> quote(c) + " VARCHAR").collect(Collectors.joining(", "));
    }
}
