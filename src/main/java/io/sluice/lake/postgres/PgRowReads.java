package io.sluice.lake.postgres;

import io.sluice.lake.Sql;
import io.sluice.lake.engine.RowReads;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The reads of rows ({@link RowReads}) on the PostgreSQL lake.
 *
 * <p>PostgreSQL has no stable rowid and Sluice's tables have no identity column, so the ties of the row order are
 * broken by {@code ctid}, the row version's place in the table. That is stable enough here: a row's ctid changes only
 * when the row is updated or the table rewritten (VACUUM FULL, CLUSTER, a rewriting ALTER TABLE), and it decides only
 * between rows whose order columns are equal. Sluice updates rows only in bi-temporal tables (closing a version), whose
 * order (key, valid_from, system_from) has no ties; UPSERT keys have none either; APPEND and PARTITION_OVERWRITE rows are
 * inserted and deleted, never updated (PgSession#upsert deletes and inserts). A cursor whose row moved or went still
 * positions a page by its order values, and among equal ones where its ctid would be, as the port's cursors promise.
 * What is not covered: an UPDATE that someone runs on such a table outside Sluice's writes (or a VACUUM FULL) between
 * two pages moves rows among their ties, so the next page may repeat or skip a row that ties with the cursor's. Tables
 * no asset declares have no row order: they are read in ctid order (their physical order, the order they were written
 * in until they are updated). A generated identity column would avoid this, but the lake's tables are made by
 * {@code CREATE TABLE ... AS} from what an asset staged, and an extra column would show in every read.
 *
 * <p>A value is checked against its column's type by casting it inside a savepoint (PostgreSQL has no TRY_CAST).
 */
final class PgRowReads implements RowReads.Engine {

    private static final Pattern CTID = Pattern.compile("\\([0-9]{1,10},[0-9]{1,5}\\)");

    private final PgLake lake;

    PgRowReads(PgLake lake) {
        this.lake = lake;
    }

    @Override
    public List<Map<String, Object>> rows(Sql sql) {
        return lake.inTransaction(Optional.empty(), db -> db.rows(sql));
    }

    @Override
    public String tieBreaker() {
        return "ctid";
    }

    @Override
    public String tieBreakerType() {
        return "TID";
    }

    @Override
    public boolean isTieBreaker(String text) {
        return CTID.matcher(text).matches();
    }

    @Override
    public boolean readable(List<String> values, List<String> types) {
        return lake.inTransaction(Optional.empty(), db -> {
            for (int i = 0; i < values.size(); i++) {
                String value = values.get(i);
                String type = types.get(i);
                try {
                    db.isolated(() -> db.queryLong("SELECT count(CAST(? AS " + type + "))", value));
                } catch (IllegalStateException e) {
                    return false;
                }
            }
            return true;
        });
    }

    @Override
    public Optional<String> writeLog() {
        return Optional.of(PgWriteLog.WRITES);
    }

    @Override
    public String micros(String column) {
        return "CAST(extract(epoch FROM " + column + ") * 1000000 AS BIGINT)";
    }
}
