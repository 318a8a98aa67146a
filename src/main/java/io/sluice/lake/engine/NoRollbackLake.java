package io.sluice.lake.engine;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.Lake;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.TableSpec;
import java.util.Optional;

/**
 * A lake engine that does not roll tables back yet: every rollback is refused before its run is stored, with one
 * sentence naming what is missing, and no rollback was ever recorded.
 */
public abstract class NoRollbackLake implements Lake {

    private final String missing;

    /** @param missing why a rollback is refused, in one sentence */
    protected NoRollbackLake(String missing) {
        this.missing = missing;
    }

    @Override
    public Optional<String> rollbackProblem(TableSpec table, RollbackTarget target, Optional<String> partition) {
        return Optional.of(missing);
    }

    @Override
    public RollbackOutcome rollback(
            TableSpec table,
            RollbackTarget target,
            String runId,
            Optional<String> partition,
            Optional<BusinessDates> dates) {
        return RollbackOutcome.refused(missing);
    }

    @Override
    public Optional<RollbackOutcome> rollbackOf(TableSpec table, String runId) {
        return Optional.empty();
    }
}
