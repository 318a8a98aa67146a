package io.sluice.lake.engine;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeSession;
import io.sluice.lake.LakeTables.Column;
import io.sluice.lake.LakeTables.LastWrite;
import io.sluice.lake.LakeTables.TableInfo;
import io.sluice.lake.Sql;
import io.sluice.lake.WriteMode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A lake table's {@link TableInfo} (write mode, asset, row counts, last write, columns), read the same on every engine
 * in one session of it; the engine gives the columns and how it writes a time as microseconds.
 */
public final class TableInfos {

    private TableInfos() {}

    /**
     * The name a table is looked up by, if {@code name} is one that the pages may list (a plain identifier, not one of
     * Sluice's own tables).
     */
    public static Optional<String> listable(String name) {
        String table;
        try {
            table = LakeSql.identifier(name);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        return LakeSql.listable(table) ? Optional.of(table) : Optional.empty();
    }

    /**
     * The table's information, read in one session: {@code db} reads rows, {@code writeLog} is the lake's write log if
     * it has one yet, {@code micros} writes a timestamp column as whole microseconds since the epoch, and
     * {@code columns} are the table's columns with the engine's type names.
     */
    public static TableInfo info(
            LakeSession db,
            Function<Sql, List<Map<String, Object>>> rows,
            String table,
            Optional<DeclaredTables.Declared> spec,
            Optional<String> writeLog,
            UnaryOperator<String> micros,
            List<Column> columns) {
        WriteMode mode = spec.map(e -> e.table().mode()).orElse(null);
        long total = db.queryLong("SELECT count(*) FROM " + table);
        long current = mode == null
                ? total
                : db.queryLong("SELECT count(*) FROM " + CheckQueries.believedRows(table, mode) + " c");
        LastWrite last = null;
        if (writeLog.isPresent()) {
            List<Map<String, Object>> written = rows.apply(Sql.of(
                    "SELECT run_id, " + micros.apply("written_at") + " AS written_at, " + micros.apply("system_time")
                            + " AS system_time, rows_inserted, rows_removed FROM " + writeLog.get()
                            + " WHERE table_name = ? ORDER BY write_id DESC LIMIT 1",
                    table));
            if (!written.isEmpty()) {
                Map<String, Object> r = written.get(0);
                last = new LastWrite(
                        (String) r.get("run_id"),
                        instant(r.get("written_at")),
                        instant(r.get("system_time")),
                        ((Number) r.get("rows_inserted")).longValue(),
                        ((Number) r.get("rows_removed")).longValue());
            }
        }
        return new TableInfo(
                table,
                mode == null ? "UNMANAGED" : mode.label(),
                spec.map(DeclaredTables.Declared::asset).orElse(null),
                current,
                total,
                last,
                columns,
                mode == null ? List.of() : mode.keyColumns());
    }

    /** An instant from whole microseconds since the epoch (a number or its text), null for null. */
    public static Instant instant(Object micros) {
        return micros == null ? null : Instant.EPOCH.plus(Long.parseLong(micros.toString()), ChronoUnit.MICROS);
    }
}
