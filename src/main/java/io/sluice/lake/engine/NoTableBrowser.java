package io.sluice.lake.engine;

import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeUnavailable;
import io.sluice.lake.RollbackTarget;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * The tables of a lake engine that has no table browser yet: listing, rows, changes and rollback previews answer
 * with {@link LakeUnavailable} and one sentence naming what is missing (a 503 with that sentence for the API and the
 * pages, never a 500); the engine gives the row counts of its tables.
 */
public abstract class NoTableBrowser implements LakeTables {

    private final String missing;

    /** @param missing the sentence every refused read answers with */
    protected NoTableBrowser(String missing) {
        this.missing = missing;
    }

    private LakeUnavailable refused() {
        return new LakeUnavailable(missing, null);
    }

    @Override
    public List<TableInfo> tables() {
        throw refused();
    }

    @Override
    public Optional<TableInfo> table(String name) {
        throw refused();
    }

    @Override
    public Page rows(
            String name,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            Optional<Position> position) {
        throw refused();
    }

    @Override
    public Changes changes(String name, String runId, int limit) {
        throw refused();
    }

    @Override
    public RollbackPreview rollbackPreview(String name, RollbackTarget target) {
        throw refused();
    }
}
