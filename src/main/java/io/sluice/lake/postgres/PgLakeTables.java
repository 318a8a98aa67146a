package io.sluice.lake.postgres;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.engine.BoundedQuery;
import io.sluice.lake.engine.EngineLakeTables;
import io.sluice.lake.engine.LakeSql;
import io.sluice.lake.engine.RowReads;
import io.sluice.lake.engine.TableInfos;
import io.sluice.lake.engine.rollback.RollbackPreviews;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the pages and the API read of the PostgreSQL lake's tables: the listing (mode, asset, row counts, last write,
 * columns), the row counts their last writes recorded, rows page by page and a run's changes ({@link PgRowReads}), and
 * rollback previews.
 */
public final class PgLakeTables extends EngineLakeTables {

    private final PgLake lake;
    private final PgRowReads reads;

    public PgLakeTables(PgLake lake, DeclaredTables declared) {
        super(declared);
        this.lake = lake;
        this.reads = new PgRowReads(lake);
    }

    @Override
    protected RowReads.Engine rowReads() {
        return reads;
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
        return TableInfos.listable(name)
                .flatMap(table -> lake.inTransaction(
                        Optional.empty(),
                        db -> db.tableExists(table) ? Optional.of(info(db, table)) : Optional.empty()));
    }

    private TableInfo info(PgSession db, String table) {
        List<Column> columns = db.columnTypes(table).entrySet().stream()
                .map(e -> new Column(e.getKey(), e.getValue().toUpperCase(java.util.Locale.ROOT)))
                .toList();
        return TableInfos.info(db, db::rows, table, declared.declared(table), reads.writeLog(), reads::micros, columns);
    }

    @Override
    public List<WriteSummary> writes(String name, int limit) {
        return table(name)
                .filter(info -> info.lastWrite() != null
                        && declared.declared(info.name()).isPresent())
                .map(info ->
                        lake.inTransaction(Optional.empty(), db -> RollbackPreviews.history(db, info.name(), limit)))
                .orElse(List.of());
    }

    @Override
    public QueryResult query(String sql, int maxRows, java.time.Duration timeLimit) {
        return lake.inTransaction(
                Optional.empty(),
                db -> BoundedQuery.run(db.connection(), new PgQueryGuard(db.schema()), sql, maxRows, timeLimit));
    }

    /** What a rollback of the table would do, worked out as on every engine ({@link RollbackPreviews}). */
    @Override
    public RollbackPreview rollbackPreview(String name, RollbackTarget target) {
        return RollbackPreviews.of(
                this, declared, lake, name, target, work -> lake.inTransaction(Optional.empty(), work::apply));
    }
}
