package io.sluice.runs.execute;

import io.sluice.lake.Publication;
import io.sluice.lake.PublishRecords;
import io.sluice.runs.RunRecords;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.Function;

/**
 * The records of one publish (materialization and watermark), which a lake in the metadata store's database stores in
 * the publish's transaction through the group's journal; {@link #stored} says whether it did, so that the step stores
 * them itself otherwise.
 */
final class RecordsWithPublish implements PublishRecords {

    private final GroupJournal journal;
    private final String runId;
    private final Function<Publication, RunRecords> records;
    private RunRecords stored;

    RecordsWithPublish(GroupJournal journal, String runId, Function<Publication, RunRecords> records) {
        this.journal = journal;
        this.runId = runId;
        this.records = records;
    }

    @Override
    public void store(Publication publication, Connection connection) throws SQLException {
        RunRecords made = records.apply(publication);
        journal.storeWithPublish(runId, made, connection);
        stored = made;
    }

    /** The records stored with the publish, which has returned (so committed): empty if the lake did not store them. */
    Optional<RunRecords> stored() {
        return Optional.ofNullable(stored);
    }
}
