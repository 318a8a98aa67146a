package io.sluice.lake.duckdb;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeTables.UnsupportedRead;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.WriteMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** {@link LakeTables} over the DuckDB lake and its write log. */
@ApplicationScoped
public class DuckDbLakeTables implements LakeTables {

    private final DuckDbLake lake;
    private final DeclaredTables declared;

    public DuckDbLakeTables(DuckDbLake lake, DeclaredTables declared) {
        this.lake = lake;
        this.declared = declared;
    }

    private Optional<DeclaredTables.Declared> managed(String name) {
        return declared.declared(name);
    }

    /**
     * Whether a name can be one of {@link #tables()}: a table of the main schema named without its schema, and not Sluice's
     * own (the write log, staging and snapshot tables start with {@code __}; a bi-temporal table's companions end in
     * {@code __assertions} and {@code __filings}).
     */
    static boolean listable(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return !lower.contains(".")
                && !lower.startsWith("__")
                && !lower.endsWith("__assertions")
                && !lower.endsWith("__filings");
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
        String table;
        try {
            table = DuckDbSession.identifier(name);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (!listable(table)) {
            return Optional.empty();
        }
        return lake.readSession(db -> {
            if (!db.tableExists(table)) {
                return Optional.empty();
            }
            Optional<DeclaredTables.Declared> spec = managed(table);
            WriteMode mode = spec.map(e -> e.table().mode()).orElse(null);
            long total = db.queryLong("SELECT count(*) FROM " + table);
            long current = mode == null
                    ? total
                    : db.queryLong("SELECT count(*) FROM " + CheckQueries.believedRows(table, mode) + " c");
            LastWrite last = null;
            if (db.tableExists(WriteLog.TABLE)) {
                List<Map<String, Object>> rows = db.rows(
                        "SELECT run_id, epoch_us(written_at) AS written_at, epoch_us(system_time) AS system_time, "
                                + "rows_inserted, rows_removed FROM " + WriteLog.TABLE
                                + " WHERE table_name = ? ORDER BY write_id DESC LIMIT 1",
                        table);
                if (!rows.isEmpty()) {
                    Map<String, Object> r = rows.get(0);
                    last = new LastWrite(
                            (String) r.get("run_id"),
                            instant(r.get("written_at")),
                            instant(r.get("system_time")),
                            ((Number) r.get("rows_inserted")).longValue(),
                            ((Number) r.get("rows_removed")).longValue());
                }
            }
            return Optional.of(new TableInfo(
                    table,
                    mode == null ? "UNMANAGED" : mode.label(),
                    spec.map(DeclaredTables.Declared::asset).orElse(null),
                    current,
                    total,
                    last));
        });
    }

    @Override
    public Map<String, Long> currentRows(Collection<String> names) {
        Map<String, String> wanted = new LinkedHashMap<>(); // lower-case name to the name asked for
        for (String name : names) {
            try {
                String table = DuckDbSession.identifier(name);
                if (listable(table)) {
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
    public List<Map<String, Object>> rows(
            String name,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            int offset) {
        TableInfo info = table(name).orElseThrow(() -> new IllegalArgumentException("no lake table '" + name + "'"));
        Optional<WriteMode> mode = managed(info.name()).map(e -> e.table().mode());
        boolean bitemporal = mode.filter(WriteMode::keepsHistory).isPresent();
        if (!bitemporal && (businessDate.isPresent() || systemTime.isPresent())) {
            throw new UnsupportedRead(
                    businessDate.isPresent() ? "businessDate" : "systemTime",
                    "businessDate and systemTime apply to " + "bi-temporal tables; " + info.name() + " is "
                            + info.writeMode());
        }
        List<String> where = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        if (bitemporal) {
            if (systemTime.isPresent()) {
                where.add("system_from <= ? AND (system_to IS NULL OR ? < system_to)");
                params.addAll(List.of(systemTime.get(), systemTime.get()));
            } else {
                where.add("system_to IS NULL");
            }
            businessDate.ifPresent(b -> {
                where.add("valid_from <= ? AND (valid_to IS NULL OR ? < valid_to)");
                params.addAll(List.of(b, b));
            });
        }
        key.ifPresent(k -> where.add(keyFilter(info.name(), mode, k, params)));
        String sql = "SELECT * FROM " + info.name() + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                + " ORDER BY ALL LIMIT ? OFFSET ?";
        params.addAll(List.of(limit, offset));
        return lake.readSession(db -> db.rows(sql, params.toArray()));
    }

    /** The condition on the key columns that {@code key} names; adds its values to {@code params}. */
    private String keyFilter(String table, Optional<WriteMode> mode, String key, List<Object> params) {
        List<String> columns = mode.map(WriteMode::keyColumns).orElse(List.of());
        if (columns.isEmpty()) {
            throw new UnsupportedRead("key", "table " + table + " has no key columns to filter on");
        }
        String[] values = key.split(",", -1);
        if (values.length > columns.size()) {
            throw new UnsupportedRead(
                    "key", "key has " + values.length + " values but table " + table + " has key columns " + columns);
        }
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            terms.add("CAST(" + columns.get(i) + " AS VARCHAR) = ?");
            params.add(values[i].trim());
        }
        return String.join(" AND ", terms);
    }

    @Override
    public Changes changes(String name, String runId, int limit) {
        TableInfo info = table(name).orElseThrow(() -> new IllegalArgumentException("no lake table '" + name + "'"));
        if (!"BITEMPORAL_MERGE".equals(info.writeMode())) {
            throw new UnsupportedRead(
                    "name",
                    "changes by run are kept for bi-temporal tables; " + info.name() + " is " + info.writeMode());
        }
        return lake.readSession(db -> {
            List<String> times = db.tableExists(WriteLog.TABLE)
                    ? db.strings(
                            "SELECT DISTINCT epoch_us(system_time)::VARCHAR FROM " + WriteLog.TABLE
                                    + " WHERE table_name = ? AND run_id = ? AND system_time IS NOT NULL ORDER BY 1",
                            info.name(),
                            runId)
                    : List.of();
            List<Instant> instants =
                    times.stream().map(DuckDbLakeTables::instant).toList();
            if (instants.isEmpty()) {
                return new Changes(info.name(), runId, List.of(), List.of(), List.of());
            }
            String runTimes = "(SELECT system_time FROM " + WriteLog.TABLE
                    + " WHERE table_name = ? AND run_id = ? AND system_time IS NOT NULL)";
            List<Map<String, Object>> opened = db.rows(
                    "SELECT * FROM " + info.name() + " WHERE system_from IN " + runTimes + " ORDER BY ALL LIMIT ?",
                    info.name(),
                    runId,
                    limit);
            List<Map<String, Object>> closed = db.rows(
                    "SELECT * FROM " + info.name() + " WHERE system_to IN " + runTimes + " ORDER BY ALL LIMIT ?",
                    info.name(),
                    runId,
                    limit);
            return new Changes(info.name(), runId, instants, opened, closed);
        });
    }

    /** An instant from DuckDB's epoch microseconds. */
    private static Instant instant(Object micros) {
        return micros == null ? null : Instant.EPOCH.plus(Long.parseLong(micros.toString()), ChronoUnit.MICROS);
    }

    @Override
    public RollbackPreview rollbackPreview(String name, String toRun) {
        TableInfo info = table(name).orElseThrow(() -> new IllegalArgumentException("no lake table '" + name + "'"));
        DeclaredTables.Declared spec = managed(info.name())
                .orElseThrow(() -> new UnsupportedRead(
                        "name", "no asset declares table " + info.name() + ", so Sluice wrote nothing to roll back"));
        RollbackTarget target = RollbackTarget.toRun(toRun);
        RollbackPreview preview = lake.readSession(db -> {
            RollbackPoint point;
            try {
                point = WriteLog.resolve(db, info.name(), target, Optional.empty());
            } catch (RollbackRefused e) {
                return new RollbackPreview(
                        info.name(),
                        toRun,
                        Optional.empty(),
                        List.of(),
                        List.of(),
                        info.currentRows(),
                        info.currentRows(),
                        Optional.of(e.getMessage()));
            }
            WriteEffects.Change change = WriteEffects.change(db, info.name(), point.writeId(), Optional.empty());
            Optional<WriteSummary> restored =
                    summaries(db, new long[] {point.writeId()}).stream().findFirst();
            return new RollbackPreview(
                    info.name(),
                    toRun,
                    restored,
                    summaries(db, change.closedIds()),
                    summaries(db, change.reopenedIds()),
                    info.currentRows(),
                    restored.map(WriteSummary::currentRows).orElse(0L),
                    change.isEmpty()
                            ? Optional.of("table " + info.name() + " is already as run " + toRun + " left it")
                            : Optional.empty());
        });
        if (preview.problem().isPresent()) {
            return preview;
        }
        // what the rollback itself would check: the snapshot or the removed rows it needs are still kept
        Optional<String> problem = lake.rollbackProblem(spec.table(), target, Optional.empty());
        return problem.isEmpty()
                ? preview
                : new RollbackPreview(
                        preview.table(),
                        toRun,
                        preview.restored(),
                        preview.undone(),
                        preview.broughtBack(),
                        preview.rowsNow(),
                        preview.rowsAfter(),
                        problem);
    }

    /** The write log's entries of {@code ids}, oldest first: one set-based query, the ids bound as one list. */
    private static List<WriteSummary> summaries(DuckDbSession db, long[] ids) {
        if (ids.length == 0) {
            return List.of();
        }
        return db
                .rows(
                        "SELECT write_id, run_id, partition_key, epoch_us(written_at) AS written_at, rows_inserted, "
                                + "rows_removed, current_rows FROM " + WriteLog.TABLE
                                + " WHERE write_id IN (SELECT unnest(?::BIGINT[])) ORDER BY write_id",
                        ids)
                .stream()
                .map(r -> new WriteSummary(
                        ((Number) r.get("write_id")).longValue(),
                        (String) r.get("run_id"),
                        (String) r.get("partition_key"),
                        instant(r.get("written_at")),
                        ((Number) r.get("rows_inserted")).longValue(),
                        ((Number) r.get("rows_removed")).longValue(),
                        ((Number) r.get("current_rows")).longValue()))
                .toList();
    }
}
