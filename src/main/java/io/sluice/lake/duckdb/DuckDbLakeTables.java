package io.sluice.lake.duckdb;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeTables.UnsupportedRead;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.CheckQueries;
import io.sluice.lake.engine.LakeSql;
import io.sluice.lake.engine.rollback.RollbackPreviews;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** {@link LakeTables} over the DuckDB lake and its write log. */
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
        if (!LakeSql.listable(table)) {
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
            List<Column> columns = db
                    .rows(
                            "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'main' "
                                    + "AND table_name = ? ORDER BY ordinal_position",
                            table)
                    .stream()
                    .map(r -> new Column((String) r.get("column_name"), (String) r.get("data_type")))
                    .toList();
            return Optional.of(new TableInfo(
                    table,
                    mode == null ? "UNMANAGED" : mode.label(),
                    spec.map(DeclaredTables.Declared::asset).orElse(null),
                    current,
                    total,
                    last,
                    columns,
                    mode == null ? List.of() : mode.keyColumns()));
        });
    }

    /** The longest cursor a page takes. */
    static final int MAX_CURSOR = 16_384;

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
    public Page rows(
            String name,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            Optional<Position> position) {
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
        key.ifPresent(k -> where.add(keyFilter(info, mode, k, params)));
        // keyset: the rows after (before) the cursor's row in the table's row order, ties broken by rowid; the cursor
        // holds that row's values of the order columns as DuckDB writes them, read back as their column's type
        List<Column> order = order(info, mode);
        boolean before = position.map(Position::before).orElse(false);
        Optional<Cursor> cursor = position.map(p -> Cursor.parse(p, order.size()));
        cursor.ifPresent(c -> refuseUnreadable(info.name(), order, c, position.get()));
        cursor.ifPresent(c -> where.add(keyset(order, c, before, params)));
        String direction = before ? " DESC NULLS FIRST" : " ASC NULLS LAST";
        StringBuilder by = new StringBuilder();
        for (Column c : order) {
            by.append(c.name()).append(direction).append(", ");
        }
        by.append("rowid").append(before ? " DESC" : " ASC");
        // the page's rowids first, sorting the order columns only; then its rows (a sort of whole rows costs more)
        StringBuilder select = new StringBuilder("SELECT *, rowid AS " + ROWID);
        for (int i = 0; i < order.size(); i++) {
            select.append(", CAST(")
                    .append(order.get(i).name())
                    .append(" AS VARCHAR) AS ")
                    .append(KEY)
                    .append(i);
        }
        String sql = select + " FROM " + info.name() + " WHERE rowid IN (SELECT rowid FROM " + info.name()
                + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where)) + " ORDER BY " + by
                + " LIMIT ?) ORDER BY " + by;
        params.add(limit + 1);
        List<Map<String, Object>> read = new ArrayList<>(lake.readSession(db -> db.rows(sql, params.toArray())));
        boolean more = read.size() > limit;
        if (more) {
            read.remove(read.size() - 1);
        }
        if (before) {
            Collections.reverse(read);
        }
        List<String> cursors = new ArrayList<>();
        for (Map<String, Object> row : read) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < order.size(); i++) {
                Object v = row.remove(KEY + i);
                values.add(v == null ? null : v.toString());
            }
            cursors.add(new Cursor(values, ((Number) row.remove(ROWID)).longValue()).text());
        }
        Optional<String> first = cursors.isEmpty() ? Optional.empty() : Optional.of(cursors.get(0));
        Optional<String> last = cursors.isEmpty() ? Optional.empty() : Optional.of(cursors.get(cursors.size() - 1));
        // a page read after a cursor has rows before it (the cursor's row at least), one read before has rows after
        Optional<String> given = position.map(Position::cursor);
        Optional<String> next = before ? last.or(() -> given) : more ? last : Optional.empty();
        Optional<String> previous = before
                ? (more ? first : Optional.empty())
                : position.isPresent() ? first.or(() -> given) : Optional.empty();
        return new Page(read, next, previous);
    }

    /** The columns that carry a row's rowid and its order values (as text) out of a page's query. */
    private static final String ROWID = "__sluice_rowid";

    private static final String KEY = "__sluice_k";

    /** Refuses a cursor whose values are not of their columns' types (one made up rather than taken from a page). */
    private void refuseUnreadable(String table, List<Column> order, Cursor cursor, Position p) {
        List<String> tests = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            if (cursor.values().get(i) != null) {
                tests.add("TRY_CAST(? AS " + order.get(i).type() + ") IS NULL");
                values.add(cursor.values().get(i));
            }
        }
        if (!tests.isEmpty()
                && lake.readSession(db ->
                                db.longValue("SELECT (" + String.join(" OR ", tests) + ")::INTEGER", values.toArray()))
                        == 1) {
            String parameter = p.before() ? "before" : "after";
            throw new UnsupportedRead(
                    parameter, parameter + " must be a cursor that a page of table " + table + " gave");
        }
    }

    /** The table's row order ({@link WriteMode#rowOrder}): the columns it has of it, with their types. */
    private static List<Column> order(TableInfo info, Optional<WriteMode> mode) {
        List<Column> order = new ArrayList<>();
        for (String name : mode.map(WriteMode::rowOrder).orElse(List.of())) {
            info.columns().stream()
                    .filter(c -> c.name().equalsIgnoreCase(name))
                    .findFirst()
                    .ifPresent(order::add);
        }
        return order;
    }

    /**
     * The rows after (or before) the cursor's in the order ascending with NULLs last (or its reverse): for some column,
     * the columns before it equal the cursor's values and it is greater (less), or all of them equal the cursor's and the
     * rowid is greater (less). Values are bound, read as their column's type.
     */
    private static String keyset(List<Column> order, Cursor cursor, boolean before, List<Object> params) {
        List<String> terms = new ArrayList<>();
        List<String> equal = new ArrayList<>();
        List<Object> equalParams = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            Column c = order.get(i);
            String value = cursor.values().get(i);
            String typed = "CAST(? AS " + c.type() + ")";
            List<String> term = new ArrayList<>(equal);
            params.addAll(equalParams);
            if (value == null) {
                // NULLs sort last: no value comes after a NULL, every value before it
                term.add(before ? c.name() + " IS NOT NULL" : "FALSE");
                equal.add(c.name() + " IS NULL");
            } else {
                term.add(
                        before
                                ? c.name() + " < " + typed
                                : "(" + c.name() + " > " + typed + " OR " + c.name() + " IS NULL)");
                params.add(value);
                equal.add(c.name() + " = " + typed);
                equalParams.add(value);
            }
            terms.add("(" + String.join(" AND ", term) + ")");
        }
        List<String> last = new ArrayList<>(equal);
        last.add("rowid " + (before ? "<" : ">") + " ?");
        terms.add("(" + String.join(" AND ", last) + ")");
        params.addAll(equalParams);
        params.add(cursor.rowid());
        return "(" + String.join(" OR ", terms) + ")";
    }

    /**
     * A page's cursor: a row's values of the order columns as DuckDB writes them (null for NULL), and its rowid. As text:
     * each value base64url-encoded ({@code ~} for NULL), then the rowid, joined by dots.
     */
    record Cursor(List<String> values, long rowid) {

        String text() {
            StringBuilder s = new StringBuilder();
            for (String v : values) {
                s.append(
                                v == null
                                        ? "~"
                                        : Base64.getUrlEncoder()
                                                .withoutPadding()
                                                .encodeToString(v.getBytes(StandardCharsets.UTF_8)))
                        .append('.');
            }
            return s.append(rowid).toString();
        }

        /** The cursor of a position, for a table of {@code columns} order columns, or a refusal naming the parameter. */
        static Cursor parse(Position p, int columns) {
            String parameter = p.before() ? "before" : "after";
            String text = p.cursor();
            try {
                String[] parts = text.length() > MAX_CURSOR ? new String[0] : text.split("\\.", -1);
                if (parts.length != columns + 1) {
                    throw new IllegalArgumentException("not " + (columns + 1) + " parts");
                }
                List<String> values = new ArrayList<>();
                for (int i = 0; i < columns; i++) {
                    values.add(
                            parts[i].equals("~")
                                    ? null
                                    : new String(Base64.getUrlDecoder().decode(parts[i]), StandardCharsets.UTF_8));
                }
                return new Cursor(values, Long.parseLong(parts[columns]));
            } catch (IllegalArgumentException e) {
                throw new UnsupportedRead(
                        parameter,
                        parameter + " must be a cursor that a page of this table gave, got '" + abbreviated(text)
                                + "'");
            }
        }
    }

    private static String abbreviated(String text) {
        String shown = text.replaceAll("\\p{Cntrl}", "?");
        return shown.length() > 40 ? shown.substring(0, 40) + "…" : shown;
    }

    /**
     * The condition on the key columns that {@code key} names, each value read as its column's type (a value that is not
     * one matches nothing); adds its values to {@code params}.
     */
    private String keyFilter(TableInfo info, Optional<WriteMode> mode, String key, List<Object> params) {
        String table = info.name();
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
            String column = columns.get(i);
            String type = info.columns().stream()
                    .filter(c -> c.name().equalsIgnoreCase(column))
                    .map(Column::type)
                    .findFirst()
                    .orElse("VARCHAR");
            terms.add(column + " = TRY_CAST(? AS " + type + ")");
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
    public RollbackPreview rollbackPreview(String name, RollbackTarget target) {
        return RollbackPreviews.of(this, declared, lake, name, target, work -> lake.readSession(work::apply));
    }
}
