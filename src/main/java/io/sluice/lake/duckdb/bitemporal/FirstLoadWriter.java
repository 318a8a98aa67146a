package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/** The first load of a {@link BitemporalSession}: a table without current versions or knowledge (see {@link #write}). */
final class FirstLoadWriter {

    private final BitemporalTable table;
    private final Statements db;
    private final TempTables temps;
    private final StagingSql staging;
    private final KnowledgeSql knowledge;
    private final VersionSql versions;
    private final FirstLoad mode;
    private final Rejections rejections;

    FirstLoadWriter(
            BitemporalTable table,
            Statements db,
            TempTables temps,
            StagingSql staging,
            KnowledgeSql knowledge,
            VersionSql versions,
            FirstLoad mode,
            Rejections rejections) {
        this.table = table;
        this.db = db;
        this.temps = temps;
        this.staging = staging;
        this.knowledge = knowledge;
        this.versions = versions;
        this.mode = mode;
        this.rejections = rejections;
    }

    /**
     * A table without current versions or knowledge: whatever {@link Replace} says, the batch becomes the knowledge
     * base, and its timeline is computed from the batch alone and inserted, without diffs against empty tables. The
     * rows are staged with a 64-bit id of their values instead of their md5 ({@link StagingSql#stageValueIds}); if the
     * values repeat, the md5 is computed once per distinct value tuple and the timeline's window runs on the id,
     * otherwise the rows are staged again with their md5, as the general path stages them. Empty if two tuples share
     * an id: then nothing is written yet and the caller takes the general path.
     */
    Optional<WriteResult> write(String rows, String[] systemTimeParameters) throws SQLException {
        long staged = db.update(staging.stageValueIds(rows));
        boolean byValueId = switch (mode) {
            case AUTO ->
                staged < StagingSql.SMALL_BATCH
                        || StagingSql.fewValueTuples(
                                staged,
                                ((Number) db.row(staging.valueIdSpread()).get(0)).longValue());
            case ROW_HASHES -> false;
            case VALUE_TUPLES, COLLIDING_VALUE_IDS -> true;
        };
        if (byValueId) {
            db.update(staging.valueTuples());
        } else {
            db.update(staging.clearRows());
            db.update(staging.stageDistinctRows(rows));
        }
        // the system time comes with the validation, read in the write's transaction before anything is written
        Validation validation = Validation.of(
                db.row(
                        staging.validation(
                                false, byValueId ? staging.valueIdCollision() : "SELECT false", versions.systemTime()),
                        systemTimeParameters),
                Validation.Extra.VALUE_ID_COLLISION,
                true);
        if (validation.valueIdsCollide()) {
            db.update(temps.clearValues());
            return Optional.empty();
        }
        Instant systemTime = validation.systemTime().orElseThrow();
        long rowsIn = validation.rowsIn();
        Optional<String> rejection = rejections.of(validation, rows);
        if (rejection.isPresent()) {
            return Optional.of(WriteResult.rejected(rowsIn, rejection.get()));
        }
        if (table.completeMode()) {
            db.update(knowledge.batchFilings());
        }
        db.update(versions.firstLoadEdges(byValueId));
        if ((Boolean) db.row(versions.repeatedEdges()).get(0)) {
            // a (key, date) repeats: group the rows by (key, date), as the general path stages them, and start over
            db.update(staging.clearRows());
            db.update(temps.clearEdges());
            db.update(byValueId ? staging.stageValueIdsGrouped(rows) : staging.stageRows(rows));
            rejection =
                    rejections.of(Validation.of(db.row(staging.validation(false)), Validation.Extra.NONE, false), rows);
            if (rejection.isPresent()) {
                return Optional.of(WriteResult.rejected(rowsIn, rejection.get()));
            }
            db.update(versions.firstLoadEdges(byValueId));
        }
        String t = systemTime.toString();
        long filed = table.completeMode() ? db.update(knowledge.openBatchFilings(), t) : 0;
        boolean clustered = (Boolean) db.row(knowledge.stagedClustered()).get(0);
        long asserted = db.update(knowledge.openBatchAssertions(byValueId, clustered), t);
        if (filed + asserted == 0) {
            return Optional.of(WriteResult.unchanged(rowsIn));
        }
        long opened = db.update(versions.openFromEdges(byValueId), t);
        return Optional.of(
                opened == 0
                        ? WriteResult.knowledgeOnly(rowsIn, systemTime)
                        : WriteResult.written(rowsIn, opened, 0, systemTime));
    }
}
