package io.sluice.backfill;

import io.sluice.runs.Run;
import io.sluice.runs.RunSettings;
import io.sluice.runs.dispatch.RetryPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumSet;
import org.jboss.logging.Logger;

/**
 * A backfill run that died with the process (kill -9, crash) is queued again while its backfill is running or paused,
 * up to sluice.runs.max-attempts runs in all, counting the first; the run queued again takes the dead run's place among
 * the backfill's partitions.
 */
@ApplicationScoped
public class BackfillRetryPolicy implements RetryPolicy {

    private static final Logger LOG = Logger.getLogger(BackfillRetryPolicy.class);

    private final BackfillStore store;
    private final BackfillRuns spans;
    private final int maxAttempts;

    BackfillRetryPolicy(BackfillStore store, BackfillRuns spans, RunSettings settings) {
        this.store = store;
        this.spans = spans;
        this.maxAttempts = settings.maxAttempts();
    }

    /** The retry holds the dead run's partitions: the backfill's pages show it in the dead run's place. */
    @Override
    public void retried(Run dead, Run retry) {
        if (BackfillTags.backfillOf(dead).isPresent()) {
            spans.replace(dead.id(), retry.id());
        }
    }

    @Override
    public boolean retries(Run dead, int attemptsMade) {
        String backfill = BackfillTags.backfillOf(dead).orElse(null);
        if (backfill == null) {
            return false;
        }
        if (store.find(backfill)
                .filter(b -> EnumSet.of(BackfillStatus.RUNNING, BackfillStatus.PAUSED)
                        .contains(b.status()))
                .isEmpty()) {
            LOG.warnf("run %s of backfill %s is not retried: the backfill has ended", dead.id(), backfill);
            return false;
        }
        if (attemptsMade >= maxAttempts) {
            LOG.warnf("run %s of backfill %s is not retried: %d attempts made", dead.id(), backfill, attemptsMade);
            return false;
        }
        return true;
    }
}
