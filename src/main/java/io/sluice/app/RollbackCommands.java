package io.sluice.app;

import io.sluice.catalog.AssetKey;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.lake.LakeTables;
import io.sluice.lake.RollbackTarget;
import io.sluice.runs.Run;
import io.sluice.runs.RunService;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/**
 * Rolling an asset's table (or one partition) back to an earlier run or system time, and undoing a run (rolling back to
 * just before it), as the caller; and the preview of what either would change.
 */
@ApplicationScoped
public class RollbackCommands {

    private final RunService runs;
    private final LakeTables tables;

    public RollbackCommands(RunService runs, LakeTables tables) {
        this.runs = runs;
        this.tables = tables;
    }

    /** Stores and starts the rollback run, launched by the caller. */
    public Run rollback(
            Caller caller, AssetKey asset, RollbackTarget target, Optional<String> partition, String reason) {
        caller.require(Action.ROLLBACK, List.of(asset.toString()));
        return runs.rollback(asset, target, partition, reason, caller.name());
    }

    /** What a rollback of {@code table} to {@code target} would change; nothing is stored. A read. */
    public LakeTables.RollbackPreview preview(Caller caller, String table, RollbackTarget target) {
        caller.require(Action.READ);
        return tables.rollbackPreview(table, target);
    }
}
