package io.sluice.lake.engine;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeTables;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;

/**
 * The part of an engine's {@link LakeTables} that is the same on every engine: rows page by page and a run's changes,
 * read by {@link RowReads} through the engine's {@link RowReads.Engine}. An engine's tables say only what differs.
 */
public abstract class EngineLakeTables implements LakeTables {

    /** The tables the deployment declares. */
    protected final DeclaredTables declared;

    protected EngineLakeTables(DeclaredTables declared) {
        this.declared = declared;
    }

    /** The engine's side of the row reads. */
    protected abstract RowReads.Engine rowReads();

    @Override
    public final Page rows(
            String name,
            Optional<LocalDate> businessDate,
            Optional<Instant> systemTime,
            Optional<String> key,
            int limit,
            Optional<Position> position) {
        return RowReads.rows(rowReads(), this, declared, name, businessDate, systemTime, key, limit, position);
    }

    @Override
    public final Changes changes(String name, String runId, int limit) {
        return RowReads.changes(rowReads(), this, name, runId, limit);
    }
}
