package io.sluice.lake.bitemporal;

import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The I/O of a small NONE or SCOPES write into a table with knowledge: one query reads the staged rows and the
 * current knowledge and versions of their scopes, {@link SmallWrite} decides in Java what changes, and a few
 * statements close and insert exactly those rows by rowid (instead of the general path's diffs and timeline over temp
 * tables, a dozen statements whose fixed cost dominates a write of one scope).
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

    SmallWriter(BitemporalTable table, SmallWriteSql sql, VersionSql versions, Statements db) {
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
        List<SmallWrite.Row> rows = new ArrayList<>();
        List<SmallWrite.Marker> markers = new ArrayList<>();
        List<SmallWrite.Filing> filings = new ArrayList<>();
        List<SmallWrite.Assertion> assertions = new ArrayList<>();
        List<SmallWrite.Version> current = new ArrayList<>();
        long[] read = {0, -1, 0, 0}; // rows read, system time, bad rows, scopes
        db.rows(sql.state(versions.systemTime(), MAX_STATE, MAX_SCOPES), rs -> {
            read[0]++;
            if (rs.getBoolean(8)) {
                read[2]++;
                return;
            }
            long scope = rs.getLong(2);
            long key = rs.getLong(3);
            LocalDate d1 = rs.getObject(4, LocalDate.class);
            long rid = rs.getLong(7);
            switch (rs.getString(1)) {
                case "R" -> rows.add(new SmallWrite.Row(scope, key, d1, rs.getString(6), rid));
                case "M" -> markers.add(new SmallWrite.Marker(scope, key, d1, rid));
                case "F" -> filings.add(new SmallWrite.Filing(scope, d1, rid));
                case "A" -> assertions.add(new SmallWrite.Assertion(scope, key, d1, rs.getString(6), rid));
                case "V" -> current.add(new SmallWrite.Version(scope, key, d1, rs.getObject(5, LocalDate.class), rs.getString(6), rid));
                case "T" -> {
                    read[1] = rid;
                    read[3] = scope;
                }
                default -> throw new IllegalStateException("unexpected state row " + rs.getString(1));
            }
        }, systemTimeParameters);
        if (read[0] > MAX_STATE || read[2] > 0 || read[3] > MAX_SCOPES) {
            return Optional.empty();
        }
        Optional<SmallWrite.Plan> decided = SmallWrite.plan(table.completeMode(), replace, rows, markers, filings, assertions, current);
        if (decided.isEmpty()) {
            return Optional.empty();
        }
        SmallWrite.Plan plan = decided.get();
        if (!plan.knowledgeChanges()) {
            return Optional.of(WriteResult.unchanged(rowsIn)); // same knowledge, so the same timeline
        }
        Instant systemTime = Instant.EPOCH.plus(read[1], ChronoUnit.MICROS);
        for (SmallWriteSql.Apply statement : sql.apply(plan, systemTime)) {
            long changed = db.update(statement.sql(), statement.parameters());
            if (changed != statement.rows()) {
                throw new IllegalStateException("table " + table.name() + ": a small write expected to change "
                        + statement.rows() + " rows but changed " + changed + " (" + statement.sql() + ")");
            }
        }
        return Optional.of(plan.versionsChange()
                ? WriteResult.written(rowsIn, plan.openVersions().size(), plan.closeVersions().size(), systemTime)
                : WriteResult.knowledgeOnly(rowsIn, systemTime));
    }
}
