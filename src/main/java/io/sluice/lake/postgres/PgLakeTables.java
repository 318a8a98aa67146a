package io.sluice.lake.postgres;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.Sql;
import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.CheckQueries;
import io.sluice.lake.engine.LakeSql;
import io.sluice.lake.engine.NoTableBrowser;
import io.sluice.lake.engine.rollback.RollbackPreviews;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the pages and the API read of the PostgreSQL lake's tables: the listing (mode, asset, row counts, last write,
 * columns), the row counts their last writes recorded and rollback previews. Reading rows and a run's changes are not
 * on this lake yet, and say so.
 */
public final class PgLakeTables extends NoTableBrowser {

    /** The one sentence every refused read answers with. */
    static final String NO_BROWSER = "reading a table's rows is not available on the PostgreSQL lake yet; query the "
            + "lake's schema with psql to see them";

    private final PgLake lake;
    private final DeclaredTables declared;

    public PgLakeTables(PgLake lake, DeclaredTables declared) {
        super(NO_BROWSER);
        this.lake = lake;
        this.declared = declared;
    }

    @Override
    public Map<String, Long> currentRows(Collection<String> names) {
        return lake.recordedRows(names);
    }

    @Override
    public List<TableInfo> tables() {
        return lake.inTransaction(Optional.empty(), db -> {
            List<TableInfo> infos = new ArrayList<>();
            for (String name : db.queryStrings("SELECT table_name FROM information_schema.tables"
                    + " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")) {
                if (LakeSql.listable(name)) {
                    infos.add(info(db, name));
                }
            }
            return infos;
        });
    }

    @Override
    public Optional<TableInfo> table(String name) {
        String table;
        try {
            table = LakeSql.identifier(name);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (!LakeSql.listable(table)) {
            return Optional.empty();
        }
        return lake.inTransaction(
                Optional.empty(), db -> db.tableExists(table) ? Optional.of(info(db, table)) : Optional.empty());
    }

    private TableInfo info(PgSession db, String table) {
        Optional<DeclaredTables.Declared> spec = declared.declared(table);
        WriteMode mode = spec.map(e -> e.table().mode()).orElse(null);
        long total = db.queryLong("SELECT count(*) FROM " + table);
        long current = mode == null
                ? total
                : db.queryLong("SELECT count(*) FROM " + CheckQueries.believedRows(table, mode) + " c");
        LastWrite last = null;
        List<Map<String, Object>> rows = db.rows(Sql.of(
                "SELECT run_id, " + PgWriteLog.micros("written_at") + ", " + PgWriteLog.micros("system_time")
                        + ", rows_inserted, rows_removed FROM " + PgWriteLog.WRITES
                        + " WHERE table_name = ? ORDER BY write_id DESC LIMIT 1",
                table));
        if (!rows.isEmpty()) {
            Map<String, Object> r = rows.get(0);
            last = new LastWrite(
                    (String) r.get("run_id"),
                    instant(r.get("written_at")),
                    instant(r.get("system_time")),
                    ((Number) r.get("rows_inserted")).longValue(),
                    ((Number) r.get("rows_removed")).longValue());
        }
        List<Column> columns = db.columnTypes(table).entrySet().stream()
                .map(e -> new Column(e.getKey(), e.getValue().toUpperCase(java.util.Locale.ROOT)))
                .toList();
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

    /** What a rollback of the table would do, worked out as on every engine ({@link RollbackPreviews}). */
    @Override
    public RollbackPreview rollbackPreview(String name, RollbackTarget target) {
        return RollbackPreviews.of(
                this, declared, lake, name, target, work -> lake.inTransaction(Optional.empty(), work::apply));
    }

    private static Instant instant(Object micros) {
        return micros == null ? null : Instant.EPOCH.plus(((Number) micros).longValue(), ChronoUnit.MICROS);
    }
}
