package io.sluice.runs.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.runs.RecoveryStore;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;
import org.hibernate.Session;

/** {@link RecoveryStore} on Hibernate ORM; the same code runs on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaRecoveryStore implements RecoveryStore {

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() { };
    private static final List<String> OPEN = List.of("RUNNING", "PAUSED");

    private final Session session;
    private final ObjectMapper mapper;

    public JpaRecoveryStore(Session session, ObjectMapper mapper) {
        this.session = session;
        this.mapper = mapper;
    }

    @Override
    @Transactional
    public boolean backfillOpen(String backfillId) {
        return !session.createSelectionQuery("select id from io.sluice.backfill.store.BackfillEntity where id = :id and status in :open", String.class)
                .setParameter("id", backfillId).setParameter("open", OPEN).getResultList().isEmpty();
    }

    @Override
    @Transactional
    public List<RunFinished> cancelQueuedOfEndedBackfills(Instant now, String why) {
        // from the ended backfills (few) into the queue index of each (backfill_id, status, ...), not a scan of every run
        List<Object[]> stranded = session.createSelectionQuery("select r.id, r.backfillId from io.sluice.backfill.store.BackfillEntity b, "
                        + "RunEntity r where r.backfillId = b.id and b.status not in :open and r.status = :queued", Object[].class)
                .setParameter("queued", RunStatus.QUEUED.name()).setParameter("open", OPEN).getResultList();
        if (stranded.isEmpty()) {
            return List.of();
        }
        java.util.Map<String, String> backfillOf = new java.util.HashMap<>();
        stranded.forEach(r -> backfillOf.put((String) r[0], (String) r[1]));
        return session.doReturningWork(connection -> {
            QueuedRunCancel cancel = new QueuedRunCancel(connection, this::strings);
            List<QueuedRunCancel.Target> locked = cancel.lockQueued(List.copyOf(backfillOf.keySet()));
            cancel.cancel(locked, now, why);
            return locked.stream().map(t -> new RunFinished(t.id(), backfillOf.get(t.id()), RunStatus.CANCELED)).toList();
        });
    }

    @Override
    @Transactional
    public List<RunFinished> unsuccessfulWithQueuedDependents() {
        return session.createSelectionQuery("select distinct p.id, p.backfillId, p.status from RunDependencyEntity d "
                        + "join RunEntity r on r.id = d.id.runId join RunEntity p on p.id = d.id.afterRunId "
                        + "where r.status = :queued and p.status in :unsuccessful", Object[].class)
                .setParameter("queued", RunStatus.QUEUED.name())
                .setParameter("unsuccessful", List.of(RunStatus.FAILURE.name(), RunStatus.CANCELED.name(), RunStatus.SKIPPED.name()))
                .getResultList().stream().map(r -> new RunFinished((String) r[0], (String) r[1], RunStatus.valueOf((String) r[2]))).toList();
    }

    private List<String> strings(String json) {
        try {
            return mapper.readValue(json, STRINGS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable list in the metadata store: " + json, e);
        }
    }
}
