package io.sluice.alerts.watch;

import io.sluice.alerts.AlertPlanner;
import io.sluice.alerts.AlertRule;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Where the round reads what happened, from the store's own tables, in the caller's transaction: runs that ended,
 * backfills that ended, check results, freshness states, automation ticks, nodes lost (between {@code from}, exclusive,
 * and {@code to}), and the runs still running past a rule's maximum duration at {@code to}.
 */
public interface AlertSources {

    /**
     * @param rowCountChecks the checks that compare row counts with history, as {@code "asset|check"}
     * @param longRunRules the rules with a maximum duration
     */
    List<AlertPlanner.Observed> read(
            Instant from, Instant to, Set<String> rowCountChecks, Collection<AlertRule> longRunRules);
}
