package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The I/O of a small NONE or SCOPES write into a table with knowledge: one query reads the staged rows, one the
 * current knowledge and versions of their scopes (named by parameters where it can, see
 * {@link SmallWriteSql#scopesByParameter()}) and the write's system time, {@link SmallWrite} decides in Java what
 * changes, and a few statements close and insert exactly those rows by rowid (instead of the general path's diffs
 * and timeline over temp tables, a dozen statements whose fixed cost dominates a write of one scope).
 */
final class SmallWriter {

    /** At most this many staged rows for a small write. */
    static final int MAX_ROWS = 2_000;
    /**
     * At most this many scopes for a small write: the state of scopes spread over the table is read by scanning all
     * of it, and through JDBC row by row (125 scopes of the benchmark's 2,000 firms took 220 ms to read, the set-based
     * path 50 ms for the whole write).
     */
    static final int MAX_SCOPES = 16;
    /** At most this many rows of state (batch, knowledge and versions of its scopes) for a small write. */
    static final int MAX_STATE = 20_000;

    private final BitemporalTable table;
    private final SmallWriteSql sql;
    private final VersionSql versions;
    private final Statements db;
    /** Whether the key columns' types allow small writes (see {@link #textKeys(BitemporalTable)}). */
    private final boolean textKeys;
    /** Where the scope columns are among the key columns. */
    private final int[] scopePositions;
    /** The rows the last write this writer decided appended to the three tables. */
    private long lastRowsAppended;

    /**
     * Key types whose text ({@code CAST(k AS VARCHAR)}) is equal exactly when DuckDB finds the values equal, so that
     * Java can tell keys and scopes apart by it. Not floats (0.0 and -0.0 are equal, their texts not), intervals
     * ({@code INTERVAL '1 month'} equals 30 days) or nested types: tables keyed by those always take the general path.
     */
    private static final Pattern TEXT_KEY_TYPES = Pattern.compile(
            "(?i)(VARCHAR|TEXT|STRING|CHAR|BPCHAR|U?(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT)|INT[1248]|LONG|SHORT|"
                    + "DATE|TIMESTAMP|DATETIME|TIMESTAMP WITH TIME ZONE|TIMESTAMPTZ|TIME|BOOLEAN|BOOL|UUID|BLOB|BYTEA|"
                    + "(DECIMAL|NUMERIC)( ?\\(.*\\))?)");

    /** The rows the last write this writer decided appended to the three tables (0 if it changed no knowledge). */
    long lastRowsAppended() {
        return lastRowsAppended;
    }

    static boolean textKeys(BitemporalTable table) {
        return table.keyColumns().stream()
                .allMatch(k -> TEXT_KEY_TYPES.matcher(table.type(k).trim()).matches());
    }

    /** The scope columns' texts of a key's texts. */
    private List<String> scopeOf(List<String> key) {
        List<String> scope = new ArrayList<>(scopePositions.length);
        for (int position : scopePositions) {
            scope.add(key.get(position));
        }
        return scope;
    }

    /** Consecutive numbers for distinct keys (lists of texts, NULLs allowed), in order of appearance. */
    private static final class Ids {
        private final Map<List<String>, Long> ids = new LinkedHashMap<>();

        long of(List<String> key) {
            return ids.computeIfAbsent(key, k -> (long) ids.size() + 1);
        }

        int size() {
            return ids.size();
        }

        /** The distinct keys, in order of appearance. */
        List<List<String>> keys() {
            return List.copyOf(ids.keySet());
        }
    }

    SmallWriter(BitemporalTable table, SmallWriteSql sql, VersionSql versions, Statements db) {
        this.textKeys = textKeys(table);
        this.scopePositions = table.scopeColumns().stream()
                .mapToInt(table.keyColumns()::indexOf)
                .toArray();
        this.table = table;
        this.sql = sql;
        this.versions = versions;
        this.db = db;
    }

    /**
     * Writes the staged batch of {@code rowsIn} rows at the write's system time (read with the state, from
     * {@code systemTimeParameters}); empty, with nothing written, when the general path must decide: too many scopes
     * or too much state, a
     * row or marker to reject or to group, a date Java cannot hold, values not at hand.
     */
    Optional<WriteResult> write(Replace replace, long rowsIn, String[] systemTimeParameters) throws SQLException {
        if (!textKeys) {
            return Optional.empty();
        }
        List<SmallWrite.Row> rows = new ArrayList<>();
        List<SmallWrite.Marker> markers = new ArrayList<>();
        List<SmallWrite.Filing> filings = new ArrayList<>();
        List<SmallWrite.Assertion> assertions = new ArrayList<>();
        List<SmallWrite.Version> current = new ArrayList<>();
        long[] read = {0, -1, 0}; // rows read, system time, bad rows
        Ids scopes = new Ids();
        Ids keys = new Ids();
        int keyCount = table.keyColumns().size();
        Statements.RowHandler state = rs -> {
            read[0]++;
            if (rs.getBoolean(6)) {
                read[2]++;
                return;
            }
            String tag = rs.getString(1);
            LocalDate d1 = rs.getObject(2, LocalDate.class);
            long rid = rs.getLong(5);
            if (tag.equals("T")) {
                read[1] = rid;
                return;
            }
            List<String> key = new ArrayList<>(keyCount);
            for (int i = 0; i < keyCount; i++) {
                key.add(rs.getString(7 + i));
            }
            long scope = scopes.of(scopeOf(key));
            long keyId = keys.of(key);
            switch (tag) {
                case "R" -> rows.add(new SmallWrite.Row(scope, keyId, d1, rs.getString(4), rid));
                case "M" -> markers.add(new SmallWrite.Marker(scope, keyId, d1, rid));
                case "F" -> filings.add(new SmallWrite.Filing(scope, d1, rid));
                case "A" -> assertions.add(new SmallWrite.Assertion(scope, keyId, d1, rs.getString(4), rid));
                case "V" ->
                    current.add(new SmallWrite.Version(
                            scope, keyId, d1, rs.getObject(3, LocalDate.class), rs.getString(4), rid));
                default -> throw new IllegalStateException("unexpected state row " + tag);
            }
        };
        db.rows(sql.batchState(MAX_STATE), state);
        if (read[0] > MAX_STATE || read[2] > 0 || scopes.size() > MAX_SCOPES) {
            return Optional.empty();
        }
        // the batch's scopes, bound as parameters where their text names them exactly, else joined with the staged rows
        List<List<String>> named = sql.scopesByParameter() ? scopes.keys() : List.of();
        List<String> parameters = new ArrayList<>();
        for (int member = 0; member < (table.completeMode() ? 3 : 2); member++) {
            named.forEach(scope -> parameters.add(scope.get(0)));
        }
        parameters.addAll(List.of(systemTimeParameters));
        db.rows(
                sql.tableState(versions.systemTime(), named.size(), MAX_STATE),
                state,
                parameters.toArray(String[]::new));
        if (read[0] > MAX_STATE || read[2] > 0) {
            return Optional.empty();
        }
        Optional<SmallWrite.Plan> decided =
                SmallWrite.plan(table.completeMode(), replace, rows, markers, filings, assertions, current);
        if (decided.isEmpty()) {
            return Optional.empty();
        }
        SmallWrite.Plan plan = decided.get();
        if (!plan.knowledgeChanges()) {
            lastRowsAppended = 0;
            return Optional.of(WriteResult.unchanged(rowsIn)); // same knowledge, so the same timeline
        }
        Instant systemTime = Instant.EPOCH.plus(read[1], ChronoUnit.MICROS);
        lastRowsAppended = plan.rowsInserted();
        for (SmallWriteSql.Apply statement : sql.apply(plan, systemTime)) {
            long changed = db.update(statement.sql(), statement.parameters());
            if (changed != statement.rows()) {
                throw new IllegalStateException("table " + table.name() + ": a small write expected to change "
                        + statement.rows() + " rows but changed " + changed + " (" + statement.sql() + ")");
            }
        }
        return Optional.of(
                plan.versionsChange()
                        ? WriteResult.written(
                                rowsIn,
                                plan.openVersions().size(),
                                plan.closeVersions().size(),
                                systemTime)
                        : WriteResult.knowledgeOnly(rowsIn, systemTime));
    }
}
