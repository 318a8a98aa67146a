package io.sluice.backfill;

import io.sluice.runs.dispatch.Admission;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Set;

/**
 * When the runs of a backfill (their group is the backfill's id) may start: while it is RUNNING (not while PAUSED); a
 * CANCELED backfill's started runs stop; the queued runs of an ended one never start. Its maxConcurrent is a stored
 * limit of its group, counted at claim time on every node: {@link BackfillService} stores it at launch and
 * {@link BackfillEnds} removes it at the end.
 */
@ApplicationScoped
public class BackfillAdmission implements Admission {

    private final BackfillStore store;

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
}
