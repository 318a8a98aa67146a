package io.sluice.lake.duckdb;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeTables;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.Sql;
import io.sluice.lake.engine.BoundedQuery;
import io.sluice.lake.engine.EngineLakeTables;
import io.sluice.lake.engine.LakeSql;
import io.sluice.lake.engine.RowReads;
import io.sluice.lake.engine.TableInfos;
import io.sluice.lake.engine.rollback.RollbackPreviews;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** {@link LakeTables} over the DuckDB lake and its write log. */
public class DuckDbLakeTables extends EngineLakeTables {

    private final DuckDbLake lake;

    public DuckDbLakeTables(DuckDbLake lake, DeclaredTables declared) {
        super(declared);
        this.lake = lake;
    }

    private Optional<DeclaredTables.Declared> managed(String name) {
        return declared.declared(name);
    }

    @Override
    public List<TableInfo> tables() {
        List<String> names = lake.read(
                s -> s.queryStrings("SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' "
                        + "AND table_type = 'BASE TABLE' ORDER BY table_name"));
        List<TableInfo> infos = new ArrayList<>();
        for (String name : names) {
            table(name).ifPresent(infos::add); // empty for Sluice's own tables (see listable)
        }
        return infos;
    }

    @Override
    public Optional<TableInfo> table(String name) {
        return TableInfos.listable(name)
                .flatMap(table -> lake.readSession(db -> {
                    if (!db.tableExists(table)) {
                        return Optional.empty();
                    }
                    List<Column> columns = db
                            .rows(
                                    "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'main' "
                                            + "AND table_name = ? ORDER BY ordinal_position",
                                    table)
                            .stream()
                            .map(r -> new Column((String) r.get("column_name"), (String) r.get("data_type")))
                            .toList();
                    return Optional.of(TableInfos.info(
                            db,
                            sql -> db.rows(sql.text(), sql.params().toArray()),
                            table,
                            managed(table),
                            db.tableExists(WriteLog.TABLE) ? Optional.of(WriteLog.TABLE) : Optional.empty(),
                            reads::micros,
                            columns));
                }));
    }

    @Override
    public Map<String, Long> currentRows(Collection<String> names) {
        Map<String, String> wanted = new LinkedHashMap<>(); // lower-case name to the name asked for
        for (String name : names) {
            try {
                String table = DuckDbSession.identifier(name);
                if (LakeSql.listable(table)) {
                    wanted.putIfAbsent(table.toLowerCase(Locale.ROOT), name);
                }
            } catch (IllegalArgumentException e) {
                // not a table name: no table has it
            }
        }
        if (wanted.isEmpty()) {
            return Map.of();
        }
        return lake.readSession(db -> {
            Map<String, String> existing = new LinkedHashMap<>(); // lower-case name to the table's own name
            for (String t : db.strings("SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
                    + " AND table_type = 'BASE TABLE'")) {
                if (wanted.containsKey(t.toLowerCase(Locale.ROOT))) {
                    existing.put(t.toLowerCase(Locale.ROOT), t);
                }
            }
            Map<String, Long> rows = new LinkedHashMap<>();
            if (db.tableExists(WriteLog.TABLE)) {
                for (Map<String, Object> r : db.rows("SELECT table_name, current_rows FROM " + WriteLog.TABLE
                        + " WHERE write_id IN (SELECT max(write_id) FROM " + WriteLog.TABLE
                        + " GROUP BY table_name)")) {
                    String lower = ((String) r.get("table_name")).toLowerCase(Locale.ROOT);
                    if (existing.containsKey(lower)) {
                        rows.put(wanted.get(lower), ((Number) r.get("current_rows")).longValue());
                    }
                }
            }
            // tables without a recorded write (written by an asset itself): counted, all in one statement
            List<String> counts = new ArrayList<>();
            existing.forEach((lower, table) -> {
                if (!rows.containsKey(wanted.get(lower))) {
                    counts.add("SELECT " + WriteLog.literal(lower) + " AS t, count(*) AS n FROM "
                            + DuckDbSession.identifier(table));
                }
            });
            if (!counts.isEmpty()) {
                for (Map<String, Object> r : db.rows(String.join(" UNION ALL ", counts))) {
                    rows.put(wanted.get((String) r.get("t")), ((Number) r.get("n")).longValue());
                }
            }
            return rows;
        });
    }

    @Override
    protected RowReads.Engine rowReads() {
        return reads;
    }

    /** The reads of rows on DuckDB: ties broken by rowid, values checked by TRY_CAST. */
    private final RowReads.Engine reads = new RowReads.Engine() {
        @Override
        public List<Map<String, Object>> rows(Sql sql) {
            return lake.readSession(db -> db.rows(sql.text(), sql.params().toArray()));
        }

        @Override
        public String tieBreaker() {
            return "rowid";
        }

        @Override
        public String tieBreakerType() {
            return "BIGINT";
        }

        @Override
        public boolean isTieBreaker(String text) {
            return text.matches("[0-9]{1,19}");
        }

        @Override
        public boolean readable(List<String> values, List<String> types) {
            List<String> tests = new ArrayList<>();
            for (String type : types) {
                tests.add("TRY_CAST(? AS " + type + ") IS NULL");
            }
            return lake.readSession(db ->
                            db.longValue("SELECT (" + String.join(" OR ", tests) + ")::INTEGER", values.toArray()))
                    == 0;
        }

        @Override
        public Optional<String> writeLog() {
            return lake.readSession(db -> db.tableExists(WriteLog.TABLE))
                    ? Optional.of(WriteLog.TABLE)
                    : Optional.empty();
        }

        @Override
        public String micros(String column) {
            return "epoch_us(" + column + ")";
        }
    };

    @Override
    public List<WriteSummary> writes(String name, int limit) {
        return table(name)
                .filter(info -> info.lastWrite() != null && managed(info.name()).isPresent())
                .map(info -> lake.readSession(db -> RollbackPreviews.history(db, info.name(), limit)))
                .orElse(List.of());
    }

    @Override
    public QueryResult query(String sql, int maxRows, java.time.Duration timeLimit) {
        return lake.readSession(
                db -> BoundedQuery.run(db.connection(), new DuckDbQueryGuard(), sql, maxRows, timeLimit));
    }

    @Override
    public RollbackPreview rollbackPreview(String name, RollbackTarget target) {
        return RollbackPreviews.of(this, declared, lake, name, target, work -> lake.readSession(work::apply));
    }
}
