package io.sluice.lake.engine;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeTables.Changes;
import io.sluice.lake.LakeTables.Column;
import io.sluice.lake.LakeTables.Page;
import io.sluice.lake.LakeTables.Position;
import io.sluice.lake.LakeTables.TableInfo;
import io.sluice.lake.LakeTables.UnsupportedRead;
import io.sluice.lake.Sql;
import io.sluice.lake.WriteMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reading a table's rows for people, the same on every engine: keyset pages in the table's row order
 * ({@link WriteMode#rowOrder}) with cursors, the as-of reads of bi-temporal tables on both axes, the key filter, and the
 * rows a run opened and closed. The SQL is portable (DuckDB and PostgreSQL); what differs is in {@link Engine}: the
 * hidden column that breaks the ties of the row order, how a value is checked against its column's type, and the
 * write log.
 */
public final class RowReads {

    private RowReads() {}

    /** The longest cursor a page takes. */
    public static final int MAX_CURSOR = 16_384;

    /** What an engine gives the reads. */
    public interface Engine {

        /** Runs a read (in a transaction of its own): rows as {@link ResultRows} gives them. */
        List<Map<String, Object>> rows(Sql sql);

        /**
         * The hidden column that breaks the ties of the row order, the same on every read while the rows stay where
         * they are ({@code rowid}, {@code ctid}).
         */
        String tieBreaker();

        /** The SQL type a tie-breaker's text is cast back to. */
        String tieBreakerType();

        /** Whether {@code text} is a tie-breaker's value as this engine writes it. */
        boolean isTieBreaker(String text);

        /** Whether every value reads as the type beside it (the lists are of one length, not empty). */
        boolean readable(List<String> values, List<String> types);

        /** The lake's write log (table_name, run_id, system_time), if the lake has one yet. */
        Optional<String> writeLog();

        /** A timestamp column as whole microseconds since the epoch (a BIGINT expression). */
        String micros(String column);
    }

    /** The columns that carry a row's tie-breaker and its order values (as text) out of a page's query. */
    private static final String TIE = "__sluice_rowid";

    private static final String KEY = "__sluice_k";

    /**
     * {@link io.sluice.lake.LakeTables#rows} of the table {@code tables} names {@code name}, in the mode an asset
     * declares it with, if any.
     *
     * @throws IllegalArgumentException when there is no such table
     */
    public static Page rows(
            Engine engine,
            LakeTables tables,
            DeclaredTables declared,
            String name,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            Optional<Position> position) {
        TableInfo info = existing(tables, name);
        return rows(
                engine,
                info,
                declared.declared(info.name()).map(e -> e.table().mode()),
                businessDate,
                systemTime,
                key,
                limit,
                position);
    }

    private static TableInfo existing(LakeTables tables, String name) {
        return tables.table(name).orElseThrow(() -> new IllegalArgumentException("no lake table '" + name + "'"));
    }

    /** {@link io.sluice.lake.LakeTables#rows}, for a table {@code info} names and the mode that writes it, if any. */
    public static Page rows(
            Engine engine,
            TableInfo info,
            Optional<WriteMode> mode,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            Optional<Position> position) {
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
        key.ifPresent(k -> where.add(keyFilter(engine, info, mode, k, params)));
        // keyset: the rows after (before) the cursor's row in the table's row order, ties broken by the engine's
        // tie-breaker; the cursor holds that row's values of the order columns as text, read back as their column's
        // type
        List<Column> order = order(info, mode);
        boolean before = position.map(Position::before).orElse(false);
        Optional<Cursor> cursor = position.map(p -> Cursor.parse(engine, p, order.size()));
        cursor.ifPresent(c -> refuseUnreadable(engine, info.name(), order, c, position.get()));
        cursor.ifPresent(c -> where.add(keyset(engine, order, c, before, params)));
        String tie = engine.tieBreaker();
        String direction = before ? " DESC NULLS FIRST" : " ASC NULLS LAST";
        StringBuilder by = new StringBuilder();
        for (Column c : order) {
            by.append(c.name()).append(direction).append(", ");
        }
        by.append(tie).append(before ? " DESC" : " ASC");
        // the page's tie-breakers first, sorting the order columns only; then its rows (a sort of whole rows costs
        // more)
        StringBuilder select = new StringBuilder("SELECT *, CAST(" + tie + " AS VARCHAR) AS " + TIE);
        for (int i = 0; i < order.size(); i++) {
            select.append(", CAST(")
                    .append(order.get(i).name())
                    .append(" AS VARCHAR) AS ")
                    .append(KEY)
                    .append(i);
        }
        String sql = select + " FROM " + info.name() + " WHERE " + tie + " IN (SELECT " + tie + " FROM " + info.name()
                + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where)) + " ORDER BY " + by
                + " LIMIT ?) ORDER BY " + by;
        params.add(limit + 1);
        List<Map<String, Object>> read = new ArrayList<>(engine.rows(new Sql(sql, params)));
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
            cursors.add(new Cursor(values, row.remove(TIE).toString()).text());
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

    /** Refuses a cursor whose values are not of their columns' types (one made up rather than taken from a page). */
    private static void refuseUnreadable(Engine engine, String table, List<Column> order, Cursor cursor, Position p) {
        List<String> values = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            if (cursor.values().get(i) != null) {
                values.add(cursor.values().get(i));
                types.add(order.get(i).type());
            }
        }
        if (!values.isEmpty() && !engine.readable(values, types)) {
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
     * tie-breaker is greater (less). Values are bound, read as their column's type.
     */
    private static String keyset(
            Engine engine, List<Column> order, Cursor cursor, boolean before, List<Object> params) {
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
        last.add(engine.tieBreaker() + " " + (before ? "<" : ">") + " CAST(? AS " + engine.tieBreakerType() + ")");
        terms.add("(" + String.join(" AND ", last) + ")");
        params.addAll(equalParams);
        params.add(cursor.tie());
        return "(" + String.join(" OR ", terms) + ")";
    }

    /**
     * A page's cursor: a row's values of the order columns as the engine writes them (null for NULL), and its
     * tie-breaker. As text: each value base64url-encoded ({@code ~} for NULL), then the tie-breaker, joined by dots.
     */
    record Cursor(List<String> values, String tie) {

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
            return s.append(tie).toString();
        }

        /** The cursor of a position, for a table of {@code columns} order columns, or a refusal naming the parameter. */
        static Cursor parse(Engine engine, Position p, int columns) {
            String parameter = p.before() ? "before" : "after";
            String text = p.cursor();
            try {
                String[] parts = text.length() > MAX_CURSOR ? new String[0] : text.split("\\.", -1);
                if (parts.length != columns + 1 || !engine.isTieBreaker(parts[columns])) {
                    throw new IllegalArgumentException("not " + (columns + 1) + " parts");
                }
                List<String> values = new ArrayList<>();
                for (int i = 0; i < columns; i++) {
                    values.add(
                            parts[i].equals("~")
                                    ? null
                                    : new String(Base64.getUrlDecoder().decode(parts[i]), StandardCharsets.UTF_8));
                }
                return new Cursor(values, parts[columns]);
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
    private static String keyFilter(
            Engine engine, TableInfo info, Optional<WriteMode> mode, String key, List<Object> params) {
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
        List<String> bound = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            String column = columns.get(i);
            String type = info.columns().stream()
                    .filter(c -> c.name().equalsIgnoreCase(column))
                    .map(Column::type)
                    .findFirst()
                    .orElse("VARCHAR");
            terms.add(column + " = CAST(? AS " + type + ")");
            bound.add(values[i].trim());
            types.add(type);
        }
        if (!engine.readable(bound, types)) {
            return "FALSE";
        }
        params.addAll(bound);
        return String.join(" AND ", terms);
    }

    /**
     * {@link io.sluice.lake.LakeTables#changes} of the table {@code tables} names {@code name}.
     *
     * @throws IllegalArgumentException when there is no such table
     */
    public static Changes changes(Engine engine, LakeTables tables, String name, String runId, int limit) {
        TableInfo info = existing(tables, name);
        if (!"BITEMPORAL_MERGE".equals(info.writeMode())) {
            throw new UnsupportedRead(
                    "name",
                    "changes by run are kept for bi-temporal tables; " + info.name() + " is " + info.writeMode());
        }
        Optional<String> log = engine.writeLog();
        if (log.isEmpty()) {
            return new Changes(info.name(), runId, List.of(), List.of(), List.of());
        }
        String ofRun = " FROM " + log.get() + " WHERE table_name = ? AND run_id = ? AND system_time IS NOT NULL";
        List<Instant> instants = engine
                .rows(Sql.of(
                        "SELECT DISTINCT " + engine.micros("system_time") + " AS t" + ofRun + " ORDER BY 1",
                        info.name(),
                        runId))
                .stream()
                .map(r -> TableInfos.instant(r.get("t")))
                .toList();
        if (instants.isEmpty()) {
            return new Changes(info.name(), runId, List.of(), List.of(), List.of());
        }
        // every column in table order, as DuckDB's ORDER BY ALL
        String all = String.join(", ", info.columns().stream().map(Column::name).toList());
        String runTimes = "(SELECT system_time" + ofRun + ")";
        List<Map<String, Object>> opened = engine.rows(Sql.of(
                "SELECT * FROM " + info.name() + " WHERE system_from IN " + runTimes + " ORDER BY " + all + " LIMIT ?",
                info.name(),
                runId,
                limit));
        List<Map<String, Object>> closed = engine.rows(Sql.of(
                "SELECT * FROM " + info.name() + " WHERE system_to IN " + runTimes + " ORDER BY " + all + " LIMIT ?",
                info.name(),
                runId,
                limit));
        return new Changes(info.name(), runId, instants, opened, closed);
    }
}
