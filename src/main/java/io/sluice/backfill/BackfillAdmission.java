package io.sluice.backfill;

import io.sluice.runs.dispatch.Admission;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When the runs of a backfill (their group is the backfill's id) may start: while it is RUNNING (not while PAUSED), at
 * most its maxConcurrent at once; a CANCELED backfill's started runs stop; the queued runs of an ended one never start.
 * The limits live in memory while a backfill runs (the dispatcher asks for them often); {@link BackfillService} sets
 * them at launch and again after a restart.
 */
@ApplicationScoped
public class BackfillAdmission implements Admission {

    private final BackfillStore store;
    private final Map<String, Integer> limits = new ConcurrentHashMap<>();

    BackfillAdmission(BackfillStore store) {
        this.store = store;
    }

    @Override
    public Collection<String> admitted() {
        return store.idsWithStatus(EnumSet.of(BackfillStatus.RUNNING));
    }

    @Override
    public Collection<String> closed() {
        return store.idsWithStatus(EnumSet.complementOf(EnumSet.of(BackfillStatus.RUNNING, BackfillStatus.PAUSED)));
    }

    @Override
    public Set<String> stopped(Collection<String> groups) {
        return store.withStatus(groups, BackfillStatus.CANCELED);
    }

    @Override
    public int limit(String group) {
        return limits.getOrDefault(group, Integer.MAX_VALUE);
    }

    /** Sets the most runs of the backfill executing at once (its maxConcurrent; 0 or less: no limit beyond workers and pools). */
    void limit(String backfillId, int maxConcurrent) {
        if (maxConcurrent > 0) {
            limits.put(backfillId, maxConcurrent);
        }
    }
}
