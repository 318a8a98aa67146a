package io.sluice.lake;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reading the lake's tables for people: listings, as-of rows and what a run changed. */
public interface LakeTables {

    /**
     * One table: its write mode ({@code UNMANAGED} if no asset declares it), row counts, last write, its columns with their
     * types (the table's schema) and the columns a read by key filters on (none: it cannot be read by key).
     */
    record TableInfo(
            String name,
            String writeMode,
            String asset,
            long currentRows,
            long totalRows,
            LastWrite lastWrite,
            List<Column> columns,
            List<String> keyColumns) {

        public TableInfo {
            columns = List.copyOf(columns);
            keyColumns = List.copyOf(keyColumns);
        }
    }

    /** A column of a table: its name and its type as the engine names it ({@code BIGINT}, {@code DATE}, ...). */
    record Column(String name, String type) {}

    record LastWrite(String runId, Instant writtenAt, Instant systemTime, long rowsInserted, long rowsRemoved) {}

    /** Rows opened and closed by one run in a bi-temporal table. */
    record Changes(
            String table,
            String runId,
            List<Instant> systemTimes,
            List<Map<String, Object>> opened,
            List<Map<String, Object>> closed) {}

    /** A read the table does not support (a bi-temporal filter on another mode, a key on a table without keys), naming the parameter. */
    final class UnsupportedRead extends RuntimeException {
        private final String parameter;

        public UnsupportedRead(String parameter, String message) {
            super(message);
            this.parameter = parameter;
        }

        public String parameter() {
            return parameter;
        }
    }

    List<TableInfo> tables();

    Optional<TableInfo> table(String name);

    /**
     * The rows each of these tables holds now (what {@link TableInfo#currentRows} counts), in a few reads whatever
     * their number: for a table Sluice writes, as its latest write (a publish or a rollback) recorded them; for another
     * table, counted. Names of tables that do not exist are absent.
     */
    Map<String, Long> currentRows(Collection<String> names);

    /**
     * Where a page of rows starts: right after the row a cursor names ({@code before} false) or right before it (true).
     * A cursor is the engine's own text, taken from a {@link Page}; it stays valid while the table changes (a page then
     * starts after, or before, where that row is or would be).
     */
    record Position(String cursor, boolean before) {

        public static Position after(String cursor) {
            return new Position(cursor, false);
        }

        public static Position before(String cursor) {
            return new Position(cursor, true);
        }
    }

    /**
     * A page of rows in the table's row order ({@link io.sluice.lake.WriteMode#rowOrder}), and the cursors of the pages
     * beside it (empty: none): {@code next} to read after its last row, {@code previous} before its first.
     */
    record Page(List<Map<String, Object>> rows, Optional<String> next, Optional<String> previous) {

        public Page {
            rows = List.copyOf(rows);
        }
    }

    /**
     * A page of at most {@code limit} rows, read by keyset (a deep page costs what the first costs): from the start, or
     * after or before a cursor. For bi-temporal tables, as of {@code businessDate} and {@code systemTime} (each optional;
     * neither: the current belief of the whole history); {@code key} filters on the key columns (comma separated values in
     * key column order).
     *
     * @throws UnsupportedRead when a filter does not apply to the table, or the cursor is not one ({@code after} or
     *                         {@code before})
     */
    Page rows(
            String name,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            Optional<Position> position);

    /** @throws UnsupportedRead when the table does not keep changes by run */
    Changes changes(String name, String runId, int limit);

    /**
     * The table's latest writes in the write log (its versions), newest first, at most {@code limit}: empty for a table
     * no asset declares or one never written.
     */
    List<WriteSummary> writes(String name, int limit);

    /**
     * What a read-only query answered: its columns, at most the row limit of rows (numbers and booleans as they are,
     * the rest as text), whether more rows were left out, and how long it took.
     */
    record QueryResult(List<Column> columns, List<Map<String, Object>> rows, boolean truncated, long millis) {

        public QueryResult {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }
    }

    /**
     * Runs one read-only statement on the lake, for analysis: in a read-only transaction, stopped after {@code timeLimit},
     * keeping at most {@code maxRows} rows. A statement that is not one query (a write, a setting, two statements), that
     * reads files or other databases, or that the engine refuses or stops is an {@link UnsupportedRead} of parameter
     * {@code sql} whose message says why.
     */
    QueryResult query(String sql, int maxRows, java.time.Duration timeLimit);

    /** One write of the lake's write log, as a rollback preview lists it ({@code partition} null for the whole table). */
    record WriteSummary(
            long writeId,
            String runId,
            String partition,
            Instant writtenAt,
            long rowsInserted,
            long rowsRemoved,
            long currentRows) {}

    /**
     * What rolling the whole table back to {@code target} (a run's state, or the state just before a run) would change,
     * worked out without changing anything: the write restored (none: the table goes back to empty), the writes the
     * rollback takes out of effect and those it brings back, the current rows now and after, the incremental state the
     * asset is left with ({@link RollbackOutcome.Watermark}, one per partition whose writes change), when the table first
     * left the restored state, and why it cannot be done, if it cannot.
     */
    record RollbackPreview(
            String table,
            RollbackTarget target,
            Optional<WriteSummary> restored,
            List<WriteSummary> undone,
            List<WriteSummary> broughtBack,
            long rowsNow,
            long rowsAfter,
            List<RollbackOutcome.Watermark> watermarks,
            Optional<Instant> changedSince,
            Optional<String> problem) {

        public RollbackPreview {
            undone = List.copyOf(undone);
            broughtBack = List.copyOf(broughtBack);
            watermarks = List.copyOf(watermarks);
        }

        /** The same preview, refused for {@code why}. */
        public RollbackPreview refused(String why) {
            return new RollbackPreview(
                    table,
                    target,
                    restored,
                    undone,
                    broughtBack,
                    rowsNow,
                    rowsAfter,
                    watermarks,
                    changedSince,
                    Optional.of(why));
        }
    }

    /**
     * @throws UnsupportedRead when no asset declares the table (nothing Sluice wrote to roll back)
     */
    RollbackPreview rollbackPreview(String name, RollbackTarget target);
}
