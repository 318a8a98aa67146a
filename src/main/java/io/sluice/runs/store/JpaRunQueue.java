package io.sluice.runs.store;

import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.ClaimedRuns;
import io.sluice.runs.Fence;
import io.sluice.runs.LeasedRun;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionBusy;
import io.sluice.runs.QueuePlace;
import io.sluice.runs.QueuedRun;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunLimits;
import io.sluice.runs.RunNeeds;
import io.sluice.runs.RunOwner;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunSignals;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.runs.Scope;
import io.sluice.runs.dispatch.Admission;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.hibernate.Session;

/** {@link RunQueue} on Hibernate ORM and JDBC for its hot paths; the same code runs on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaRunQueue implements RunQueue {

    private final Session session;
    private final RunMapping mapping;
    private final PartitionReservations reservations;
    private final RunDependencies dependencies;
    private final RunEventLog events;
    private final Admission admission;
    private final RunOwner owner;
    private final AssetCatalog catalog;
    private final RunSignals signals;

    JpaRunQueue(
            Session session,
            RunMapping mapping,
            PartitionReservations reservations,
            RunDependencies dependencies,
            RunEventLog events,
            Admission admission,
            RunOwner owner,
            AssetCatalog catalog,
            RunSignals signals) {
        this.owner = owner;
        this.signals = signals;
        this.session = session;
        this.mapping = mapping;
        this.reservations = reservations;
        this.dependencies = dependencies;
        this.events = events;
        this.admission = admission;
        this.catalog = catalog;
    }

    @Override
    @Transactional
    public void create(Run run) {
        createAll(List.of(run));
    }

    @Override
    @Transactional
    public void createAll(List<Run> runs) {
        createAll(runs, false);
    }

    @Override
    @Transactional
    public void createAll(List<Run> runs, boolean queueBehindBusy) {
        Map<ActivePartitionEntity.Key, String> busy = reservations.busy(runs);
        if (!busy.isEmpty() && !queueBehindBusy) {
            var first = busy.entrySet().iterator().next();
            throw new PartitionBusy(PartitionReservations.describe(first.getKey())
                    + " is already being materialized by run " + first.getValue() + "; wait for it or cancel it");
        }
        Set<String> waiting = new HashSet<>();
        for (Run run : runs) {
            if (PartitionReservations.covered(run).stream().anyMatch(busy::containsKey)) {
                waiting.add(run.id());
            }
        }
        session.doWork(connection -> new RunRows(connection, mapping)
                .insert(
                        runs,
                        run -> waiting.contains(run.id()) ? List.of() : PartitionReservations.reserved(run),
                        run -> RunNeeds.of(run, catalog)));
        signals.queued(runs.stream().map(Run::group).collect(Collectors.toCollection(LinkedHashSet::new)));
        for (Run run : runs) {
            if (waiting.contains(run.id())) {
                ActivePartitionEntity.Key first = reservations.await(run, busy);
                events.appendLog(
                        run.id(),
                        run.createdAt(),
                        "INFO",
                        null,
                        "queued behind run " + busy.get(first) + ", which covers "
                                + PartitionReservations.describe(first) + ": it starts once that run has ended");
            }
        }
    }

    @Override
    @Transactional
    public QueuePlace queuePlace(String id) {
        PartitionReservations.Line line = reservations.line(id);
        RunDependencies.Pending pending = dependencies.pending(id, QueuePlace.LISTED);
        if (line.ahead().isEmpty() && pending.count() == 0) {
            return QueuePlace.NOTHING;
        }
        return new QueuePlace(line.position(), line.ahead(), pending.listed(), pending.count());
    }

    @Override
    @Transactional
    public int promoteWaiting() {
        return reservations.promoteWaiting();
    }

    /** A queued run is ready when every run it waits for (run_dependency) has succeeded. */
    private static final String READY =
            "and not exists (select 1 from RunDependencyEntity d join RunEntity p on p.id = d.id.afterRunId "
                    + "where d.id.runId = r.id and p.status <> 'SUCCESS') ";

    /** A node without the lake takes only runs that need none ({@link RunOwner#lakeRuns()}). */
    private static final String LAKE = "and (r.needsLake = false or :lakeRuns = true) ";

    @Override
    @Transactional
    public List<QueuedRun> nextQueued(int limit) {
        // Reads that each follow an index and stop at the limit instead of sorting the whole queue: runs of no group
        // (group_id is null), then the queue of each admitted group (run_group_queue_idx), merged in queue order;
        // a run that waits for runs that have not succeeded yet (run_dependency) is not ready.
        List<Object[]> rows = new ArrayList<>(session.createSelectionQuery(
                        "select r.id, r.groupId, r.assets, r.createdAt, r.seq "
                                + "from RunEntity r where r.groupId is null and r.status = :queued "
                                + "and not exists (from PartitionWaitEntity w where w.runId = r.id) " + READY
                                + LAKE + "order by r.createdAt, r.seq",
                        Object[].class)
                .setParameter("queued", RunStatus.QUEUED.name())
                .setParameter("lakeRuns", owner.lakeRuns())
                .setMaxResults(limit)
                .getResultList());
        if (rows.size() < limit) {
            List<Object[]> ofGroups = new ArrayList<>();
            for (String group : admission.admitted()) {
                ofGroups.addAll(session.createSelectionQuery(
                                "select r.id, r.groupId, r.assets, r.createdAt, r.seq from RunEntity r "
                                        + "where r.groupId = :group and r.status = :queued "
                                        + "and not exists (from PartitionWaitEntity w where w.runId = r.id) " + READY
                                        + LAKE + "order by r.createdAt, r.seq",
                                Object[].class)
                        .setParameter("group", group)
                        .setParameter("queued", RunStatus.QUEUED.name())
                        .setParameter("lakeRuns", owner.lakeRuns())
                        .setMaxResults(limit - rows.size())
                        .getResultList());
            }
            ofGroups.sort(Comparator.comparing((Object[] r) -> (Instant) r[3]).thenComparing(r -> (Long) r[4]));
            rows.addAll(ofGroups.subList(0, Math.min(ofGroups.size(), limit - rows.size())));
        }
        return rows.stream()
                .map(row -> new QueuedRun(
                        (String) row[0],
                        (String) row[1],
                        Arrays.stream(((String) row[2]).split(","))
                                .map(AssetKey::parse)
                                .toList()))
                .toList();
    }

    @Override
    @Transactional
    public boolean claim(String id, Instant now) {
        return !claimAll(List.of(id), now).isEmpty();
    }

    @Override
    @Transactional
    public ClaimedRuns claimGroup(List<String> ids, InstantSource clock) {
        if (ids.isEmpty()) {
            return new ClaimedRuns(List.of(), new Fence(owner.nodeId(), Map.of()));
        }
        session.flush();
        return session.doReturningWork(connection -> new ClaimRows(
                        connection,
                        mapping,
                        assets -> RunNeeds.of(assets, null, catalog).poolsColumn())
                .claim(ids, clock, owner.nodeId(), owner.lakeRuns()));
    }

    @Override
    @Transactional
    public RunLimits.Usage usage() {
        return session.doReturningWork(connection -> {
            Map<RunLimits.Key, Integer> limits = new HashMap<>();
            try (PreparedStatement ps =
                            connection.prepareStatement("SELECT scope, name, max_running FROM concurrency_limit");
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    limits.put(new RunLimits.Key(Scope.valueOf(rs.getString(1)), rs.getString(2)), rs.getInt(3));
                }
            }
            Map<RunLimits.Key, Integer> running = new HashMap<>();
            try (PreparedStatement ps = connection.prepareStatement(
                            "SELECT scope, name, COUNT(*) FROM run_slot GROUP BY scope, name");
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    running.put(new RunLimits.Key(Scope.valueOf(rs.getString(1)), rs.getString(2)), rs.getInt(3));
                }
            }
            return new RunLimits.Usage(limits, running);
        });
    }

    @Override
    @Transactional
    public void record(RunRecords records) {
        session.doWork(connection -> new RecordsWriter(connection).write(records));
        signal(records, Set.of());
    }

    @Override
    @Transactional
    public Set<String> record(RunRecords records, Fence fence) {
        if (records.isEmpty() && records.releases().isEmpty()) {
            return Set.of();
        }
        Set<String> lost = session.doReturningWork(connection -> new RecordsWriter(connection).write(records, fence));
        signal(records, lost);
        return lost;
    }

    @Override
    public Set<String> recordOn(java.sql.Connection connection, RunRecords records, Fence fence)
            throws java.sql.SQLException {
        return new RecordsWriter(connection).write(records, fence);
    }

    @Override
    @Transactional
    public void signalStored(RunRecords records) {
        signal(records, Set.of());
    }

    /**
     * Tells the other nodes of the ends, hand backs and materializations a flush stored (not those of runs it found
     * lost).
     */
    private void signal(RunRecords records, Set<String> lost) {
        List<String> ended = records.ends().stream()
                .map(RunRecords.RunEnd::runId)
                .filter(id -> !lost.contains(id))
                .toList();
        signals.ended(ended);
        List<String> handedBack = records.handBacks().stream()
                .map(RunRecords.HandBack::runId)
                .filter(id -> !lost.contains(id))
                .toList();
        if (!handedBack.isEmpty()) { // queued again: another node claims them now
            signals.ended(handedBack);
            signals.queued(Collections.singletonList(null));
        }
        signals.materialized(records.materializations().stream()
                .filter(m -> !lost.contains(m.runId()))
                .map(Materialization::asset)
                .collect(Collectors.toCollection(TreeSet::new)));
    }

    @Override
    @Transactional
    public void updateStep(String runId, RunStep step) {
        RunStepEntity s = session.find(RunStepEntity.class, new RunStepEntity.StepId(runId, step.index()));
        if (s == null) {
            throw new IllegalArgumentException("run " + runId + " has no step " + step.index());
        }
        s.status = step.status().name();
        s.startedAt = step.startedAt();
        s.endedAt = step.endedAt();
        s.keyCount = step.keyCount();
        s.batchCount = step.batchCount();
        s.rowsWritten = step.rowsWritten();
        s.error = step.error();
    }

    @Override
    @Transactional
    public void finish(
            String runId,
            RunStatus status,
            Instant now,
            long keyCount,
            long batchCount,
            long rowsWritten,
            String error) {
        RunEntity e = session.find(RunEntity.class, runId);
        e.status = status.name();
        e.endedAt = now;
        e.keyCount = keyCount;
        e.batchCount = batchCount;
        e.rowsWritten = rowsWritten;
        e.error = error;
        reservations.release(e);
        session.flush();
        session.doWork(connection -> ClaimRows.releaseSlots(connection, List.of(runId)));
        signals.ended(List.of(runId));
    }

    @Override
    @Transactional
    public Optional<LeasedRun> adopt(LeasedRun run, String node) {
        int adopted = session.createNativeMutationQuery(
                        "UPDATE run SET owner_node = :node, lease_epoch = lease_epoch + 1 "
                                + "WHERE id = :id AND status = 'STARTED' AND owner_node = :owner AND lease_epoch = :epoch")
                .setParameter("node", node)
                .setParameter("id", run.id())
                .setParameter("owner", run.owner())
                .setParameter("epoch", run.epoch())
                .executeUpdate();
        return adopted == 1 ? Optional.of(new LeasedRun(run.id(), node, run.epoch() + 1)) : Optional.empty();
    }

    @Override
    @Transactional
    public List<LeasedRun> startedOf(Collection<String> owners) {
        if (owners.isEmpty()) {
            return List.of();
        }
        return session
                .createNativeQuery(
                        "SELECT id, owner_node, lease_epoch FROM run WHERE status = 'STARTED' AND owner_node IN (:owners) "
                                + "ORDER BY created_at, id",
                        Object[].class)
                .setParameter("owners", List.copyOf(owners))
                .getResultList()
                .stream()
                .map(r -> new LeasedRun((String) r[0], (String) r[1], ((Number) r[2]).longValue()))
                .toList();
    }

    @Override
    @Transactional
    public CancelOutcome cancel(String id, Instant now) {
        int canceled = session.createMutationQuery(
                        "update RunEntity set status = :canceled, endedAt = :now, cancelRequested = true "
                                + "where id = :id and status = :queued")
                .setParameter("canceled", RunStatus.CANCELED.name())
                .setParameter("now", now)
                .setParameter("id", id)
                .setParameter("queued", RunStatus.QUEUED.name())
                .executeUpdate();
        if (canceled == 1) {
            session.createMutationQuery(
                            "update RunStepEntity set status = :canceled where id.runId = :id and status = :queued")
                    .setParameter("canceled", RunStatus.CANCELED.name())
                    .setParameter("id", id)
                    .setParameter("queued", RunStatus.QUEUED.name())
                    .executeUpdate();
            reservations.release(session.find(RunEntity.class, id));
            reservations.stopWaiting(id);
            return CancelOutcome.CANCELED;
        }
        int requested = session.createMutationQuery(
                        "update RunEntity set cancelRequested = true where id = :id and status = :started "
                                + "and cancelRequested = false")
                .setParameter("id", id)
                .setParameter("started", RunStatus.STARTED.name())
                .executeUpdate();
        return requested == 1 ? CancelOutcome.REQUESTED : CancelOutcome.UNCHANGED;
    }

    @Override
    @Transactional
    public int cancelGroup(String group, Instant now) {
        return session.doReturningWork(
                connection -> new QueuedRunCancel(connection, mapping::strings).cancelGroup(group, now));
    }

    @Override
    @Transactional
    public boolean hasActiveRuns(String group) {
        return !session.createSelectionQuery(
                        "select id from RunEntity where groupId = :g and status in (:queued, :started)", String.class)
                .setParameter("g", group)
                .setParameter("queued", RunStatus.QUEUED.name())
                .setParameter("started", RunStatus.STARTED.name())
                .setMaxResults(1)
                .getResultList()
                .isEmpty();
    }

    /**
     * A run is asked to stop when its cancel was requested or its group was stopped ({@link Admission#stopped}): a run
     * claimed while its group's cancel was being stored is not flagged by that cancel (the cancel passes over rows a
     * claim holds), but stops all the same.
     */
    @Override
    @Transactional
    public Set<String> cancelRequested(Collection<String> ids) {
        if (ids.isEmpty()) {
            return Set.of();
        }
        List<Object[]> rows = session.createSelectionQuery(
                        "select r.id, r.cancelRequested, r.groupId from RunEntity r where r.id in :ids "
                                + "and (r.cancelRequested = true or r.groupId is not null)",
                        Object[].class)
                .setParameter("ids", ids)
                .getResultList();
        Set<String> groups = new HashSet<>();
        rows.stream().filter(r -> !(Boolean) r[1]).forEach(r -> groups.add((String) r[2]));
        Set<String> stopped = groups.isEmpty() ? Set.of() : admission.stopped(groups);
        Set<String> asked = new HashSet<>();
        rows.stream()
                .filter(r -> (Boolean) r[1] || stopped.contains((String) r[2]))
                .forEach(r -> asked.add((String) r[0]));
        return asked;
    }

    @Override
    @Transactional
    public boolean isCancelRequested(String id) {
        return cancelRequested(List.of(id)).contains(id);
    }

    @Override
    @Transactional
    public List<String> idsWithStatus(RunStatus status) {
        return session.createSelectionQuery(
                        "select id from RunEntity where status = :status order by createdAt, id", String.class)
                .setParameter("status", status.name())
                .getResultList();
    }

    @Override
    @Transactional
    public void addDependencies(Map<String, List<String>> afterByRun) {
        dependencies.add(afterByRun);
    }

    @Override
    @Transactional
    public List<String> cancelDependents(String runId, Instant now, String why) {
        return dependencies.cancelDependents(runId, now, why);
    }

    @Override
    @Transactional
    public void moveDependencies(String from, String to) {
        dependencies.move(from, to);
    }
}
