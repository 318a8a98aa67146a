package io.sluice.lake.engine.rollback;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which writes a table's state is made of. A published write is in effect from itself on; a rollback takes writes out
 * of effect and brings earlier ones back, and is itself no write in effect (it only moves others). Each stretch of a
 * write being in effect is a row of {@code __sluice_effects}: the write, its partition (key or range, NULL for the
 * whole table), the write from which it is in effect and the rollback that took it out (NULL while it is in effect).
 * Nothing is deleted, so the writes in effect right after any write W are known: those whose stretch holds W. A
 * rollback to W takes out the writes in effect now and not at W, and brings back those in effect at W and not now;
 * rolling forward later is the same move the other way.
 */
public final class WriteEffects {

    public static final String TABLE = "__sluice_effects";

    /** A write in effect (or to be), with its partition key or range; {@code partition} is null for the whole table. */
    public record Effect(long writeId, String partition) {}

    /** What a rollback changes: the writes it takes out of effect and those it brings back. */
    public record Change(List<Effect> closed, List<Effect> reopened) {

        public Change {
            closed = List.copyOf(closed);
            reopened = List.copyOf(reopened);
        }

        public long[] closedIds() {
            return closed.stream().mapToLong(Effect::writeId).toArray();
        }

        public long[] reopenedIds() {
            return reopened.stream().mapToLong(Effect::writeId).toArray();
        }

        public boolean isEmpty() {
            return closed.isEmpty() && reopened.isEmpty();
        }
    }

    private WriteEffects() {}

    public static void create(RollbackSession db) {
        db.execute("CREATE TABLE IF NOT EXISTS " + TABLE
                + " (table_name VARCHAR NOT NULL, write_id BIGINT NOT NULL, partition_key VARCHAR, "
                + "from_write BIGINT NOT NULL, to_write BIGINT)");
    }

    /**
     * The writes of tables written before this table existed (none of whose writes has a row) count as in effect, as they
     * did for the rollbacks of that release; in a transaction after {@link #create} (no bulk insert beside DDL).
     */
    public static void adoptEarlierWrites(RollbackSession db) {
        db.execute("INSERT INTO " + TABLE + " SELECT w.table_name, w.write_id, w.partition_key, w.write_id, NULL FROM "
                + RollbackTables.WRITES + " w WHERE NOT EXISTS (SELECT 1 FROM " + TABLE
                + " e WHERE e.table_name = w.table_name)");
    }

    /** A published write is in effect from itself on. */
    public static void opened(RollbackSession db, String table, long writeId, Optional<String> partition) {
        db.execute(
                "INSERT INTO " + TABLE + " VALUES (?, ?, " + (partition.isPresent() ? "?" : "NULL") + ", ?, NULL)",
                partition.isPresent()
                        ? new Object[] {table, writeId, partition.get(), writeId}
                        : new Object[] {table, writeId, writeId});
    }

    /**
     * The change a rollback to the state right after write {@code point} makes: to the writes of partition {@code partition}
     * (those of the partition or of a range holding it), when one is given, else to all of the table's.
     */
    public static Change change(RollbackSession db, String table, long point, Optional<String> partition) {
        String scope = partition.map(p -> " AND " + covers()).orElse("");
        Object[] scoped = partition.map(p -> new Object[] {p, p, p}).orElse(new Object[0]);
        String atPoint = "SELECT write_id FROM " + TABLE
                + " WHERE table_name = ? AND from_write <= ? AND (to_write IS NULL OR to_write > ?)";
        String now = "SELECT write_id FROM " + TABLE + " WHERE table_name = ? AND to_write IS NULL";
        List<Effect> closed = effects(
                db,
                "SELECT write_id, partition_key FROM " + TABLE + " WHERE table_name = ? AND to_write IS NULL" + scope
                        + " AND write_id NOT IN (" + atPoint + ") ORDER BY write_id",
                concat(new Object[] {table}, scoped, new Object[] {table, point, point}));
        List<Effect> reopened = effects(
                db,
                "SELECT DISTINCT write_id, partition_key FROM " + TABLE + " WHERE table_name = ? AND from_write <= ? "
                        + "AND (to_write IS NULL OR to_write > ?)" + scope + " AND write_id NOT IN (" + now
                        + ") ORDER BY write_id",
                concat(new Object[] {table, point, point}, scoped, new Object[] {table}));
        return new Change(closed, reopened);
    }

    /** Makes the change, as rollback write {@code rollbackWrite}. */
    public static void apply(RollbackSession db, String table, Change change, long rollbackWrite) {
        if (!change.closed().isEmpty()) {
            db.execute(
                    "UPDATE " + TABLE
                            + " SET to_write = ? WHERE table_name = ? AND to_write IS NULL AND write_id IN (SELECT unnest(?::BIGINT[]))",
                    rollbackWrite,
                    table,
                    change.closedIds());
        }
        for (Effect e : change.reopened()) {
            db.execute(
                    "INSERT INTO " + TABLE + " VALUES (?, ?, " + (e.partition() == null ? "NULL" : "?") + ", ?, NULL)",
                    e.partition() == null
                            ? new Object[] {table, e.writeId(), rollbackWrite}
                            : new Object[] {table, e.writeId(), e.partition(), rollbackWrite});
        }
    }

    /** The distinct partition keys and ranges ({@code first...last}) of the writes in effect now (whole-table writes have none). */
    public static List<String> partitionsInEffect(RollbackSession db, String table) {
        return db.queryStrings(
                "SELECT DISTINCT partition_key FROM " + TABLE
                        + " WHERE table_name = ? AND to_write IS NULL AND partition_key IS NOT NULL " + "ORDER BY 1",
                table);
    }

    /**
     * Whether partition_key is the partition bound three times after it, or a range {@code first...last} holding it (time-window
     * keys of one definition have one fixed-width format that sorts as its times).
     */
    public static String covers() {
        return "(partition_key = ? OR (strpos(partition_key, '...') > 0 AND split_part(partition_key, '...', 1) <= ? "
                + "AND ? <= split_part(partition_key, '...', 2)))";
    }

    private static List<Effect> effects(RollbackSession db, String sql, Object... params) {
        return db.rows(sql, params).stream()
                .map(r -> new Effect(((Number) r.get("write_id")).longValue(), (String) r.get("partition_key")))
                .toList();
    }

    private static Object[] concat(Object[]... parts) {
        return Arrays.stream(parts).flatMap(Arrays::stream).toArray();
    }
}
