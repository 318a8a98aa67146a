package io.sluice.lake;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reading the lake's tables for people: listings, as-of rows and what a run changed. */
public interface LakeTables {

    /** One table: its write mode ({@code UNMANAGED} if no asset declares it), row counts and last write. */
    record TableInfo(
            String name, String writeMode, String asset, long currentRows, long totalRows, LastWrite lastWrite) {}

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
     * A page of rows. For bi-temporal tables, as of {@code businessDate} and {@code systemTime} (each optional;
     * neither: the current belief of the whole history); {@code key} filters on the key columns (comma separated
     * values in key column order).
     *
     * @throws UnsupportedRead when a filter does not apply to the table
     */
    List<Map<String, Object>> rows(
            String name,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            int offset);

    /** @throws UnsupportedRead when the table does not keep changes by run */
    Changes changes(String name, String runId, int limit);

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
     * What rolling the whole table back to its state right after run {@code toRun}'s last write of it would change,
     * worked out without changing anything: the write restored, the writes the rollback takes out of effect and those it
     * brings back, the current rows now and after, and why it cannot be done, if it cannot.
     */
    record RollbackPreview(
            String table,
            String toRun,
            Optional<WriteSummary> restored,
            List<WriteSummary> undone,
            List<WriteSummary> broughtBack,
            long rowsNow,
            long rowsAfter,
            Optional<String> problem) {

        public RollbackPreview {
            undone = List.copyOf(undone);
            broughtBack = List.copyOf(broughtBack);
        }
    }

    /**
     * @throws UnsupportedRead when no asset declares the table (nothing Sluice wrote to roll back)
     */
    RollbackPreview rollbackPreview(String name, String toRun);
}
