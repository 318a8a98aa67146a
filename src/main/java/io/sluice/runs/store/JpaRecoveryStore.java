package io.sluice.runs.store;

import io.sluice.runs.Fence;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.dispatch.RecoveryStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hibernate.Session;

/** {@link RecoveryStore} on Hibernate ORM; the same code runs on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaRecoveryStore implements RecoveryStore {

    private final Session session;
    private final RunMapping mapping;

    JpaRecoveryStore(Session session, RunMapping mapping) {
        this.session = session;
        this.mapping = mapping;
    }

    @Override
    @Transactional
    public List<RunFinished> cancelQueuedOf(Collection<String> groups, Instant now, String why) {
        // into the queue index of each group (group_id, status, ...), not a scan of every run
        Map<String, String> groupOf = new HashMap<>();
        for (List<String> chunk : RunMapping.chunks(List.copyOf(groups))) {
            session.createSelectionQuery(
                            "select r.id, r.groupId from RunEntity r where r.groupId in :groups and r.status = :queued",
                            Object[].class)
                    .setParameter("queued", RunStatus.QUEUED.name())
                    .setParameter("groups", chunk)
                    .getResultList()
                    .forEach(r -> groupOf.put((String) r[0], (String) r[1]));
        }
        if (groupOf.isEmpty()) {
            return List.of();
        }
        return session.doReturningWork(connection -> {
            QueuedRunCancel cancel = new QueuedRunCancel(connection, mapping::strings);
            List<QueuedRunCancel.Target> locked = cancel.lockQueued(List.copyOf(groupOf.keySet()));
            cancel.cancel(locked, now, why);
            return locked.stream()
                    .map(t -> new RunFinished(t.id(), groupOf.get(t.id()), RunStatus.CANCELED))
                    .toList();
        });
    }

    @Override
    @Transactional
    public List<RunFinished> unsuccessfulWithQueuedDependents() {
        return session
                .createSelectionQuery(
                        "select distinct p.id, p.groupId, p.status from RunDependencyEntity d "
                                + "join RunEntity r on r.id = d.id.runId join RunEntity p on p.id = d.id.afterRunId "
                                + "where r.status = :queued and p.status in :unsuccessful",
                        Object[].class)
                .setParameter("queued", RunStatus.QUEUED.name())
                .setParameter(
                        "unsuccessful",
                        List.of(RunStatus.FAILURE.name(), RunStatus.CANCELED.name(), RunStatus.SKIPPED.name()))
                .getResultList()
                .stream()
                .map(r -> new RunFinished((String) r[0], (String) r[1], RunStatus.valueOf((String) r[2])))
                .toList();
    }

    @Override
    @Transactional
    public void awaitLakeReconcile(String runId, Fence fence) {
        if (!fence.covers(runId)) {
            return;
        }
        session.createNativeMutationQuery("UPDATE run SET lake_reconcile = needs_lake WHERE id = :id AND status = "
                        + "'STARTED' AND owner_node = :owner AND lease_epoch = :epoch")
                .setParameter("id", runId)
                .setParameter("owner", fence.node())
                .setParameter("epoch", fence.epoch(runId))
                .executeUpdate();
    }

    @Override
    @Transactional
    public List<String> awaitingLakeReconcile() {
        return session.createNativeQuery(
                        "SELECT id FROM run WHERE lake_reconcile = TRUE AND status NOT IN ('QUEUED', 'STARTED') "
                                + "ORDER BY created_at, seq",
                        String.class)
                .getResultList();
    }

    @Override
    @Transactional
    public void lakeReconciled(String runId, RunRecords records) {
        session.flush();
        session.doWork(connection -> new RecordsWriter(connection).write(records));
        session.createNativeMutationQuery("UPDATE run SET lake_reconcile = FALSE WHERE id = :id")
                .setParameter("id", runId)
                .executeUpdate();
    }
}
