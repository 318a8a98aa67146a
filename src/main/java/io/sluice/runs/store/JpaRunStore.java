package io.sluice.runs.store;

import io.sluice.runs.RunStore.CancelOutcome;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.lake.AssetCheck;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.CheckResult;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.AssetRun;
import io.sluice.runs.LogLine;
import io.sluice.runs.Materialization;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.runs.RunStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.hibernate.Session;

/** {@link RunStore} on Hibernate ORM; the same code runs on H2 and PostgreSQL. */
@ApplicationScoped
public class JpaRunStore implements RunStore {

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() { };

    private final Session session;
    private final ObjectMapper mapper;

    public JpaRunStore(Session session, ObjectMapper mapper) {
        this.session = session;
        this.mapper = mapper;
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
        Map<ActivePartitionEntity.Key, String> busy = busy(runs);
        if (!busy.isEmpty() && !queueBehindBusy) {
            var first = busy.entrySet().iterator().next();
            throw new io.sluice.runs.PartitionBusy(describe(first.getKey()) + " is already being materialized by run " + first.getValue()
                    + "; wait for it or cancel it");
        }
        java.util.Set<String> waiting = new java.util.HashSet<>();
        for (Run run : runs) {
            if (covered(run).stream().anyMatch(busy::containsKey)) {
                waiting.add(run.id());
            }
        }
        session.doWork(connection -> rows(connection).insert(runs, run -> waiting.contains(run.id()) ? List.of() : reserved(run)));
        for (Run run : runs) {
            if (!waiting.contains(run.id())) {
                continue;
            }
            List<ActivePartitionEntity.Key> keys = covered(run);
            for (ActivePartitionEntity.Key key : keys) {
                PartitionWaitEntity w = new PartitionWaitEntity();
                w.assetKey = key.assetKey;
                w.partitionKey = key.partitionKey;
                w.runId = run.id();
                session.persist(w);
            }
            ActivePartitionEntity.Key first = keys.stream().filter(busy::containsKey).findFirst().orElseThrow();
            appendLog(run.id(), run.createdAt(), "INFO", null, "queued behind run " + busy.get(first) + ", which covers " + describe(first)
                    + " (sluice.runs.busy-partition=queue)");
        }
    }

    @Override
    @Transactional
    public int promoteWaiting() {
        List<PartitionWaitEntity> waits = session.createSelectionQuery("from PartitionWaitEntity order by id", PartitionWaitEntity.class).getResultList();
        if (waits.isEmpty()) {
            return 0;
        }
        Map<String, List<ActivePartitionEntity.Key>> byRun = new LinkedHashMap<>();
        waits.forEach(w -> byRun.computeIfAbsent(w.runId, k -> new java.util.ArrayList<>()).add(new ActivePartitionEntity.Key(w.assetKey, w.partitionKey)));
        java.util.Set<String> queued = new java.util.HashSet<>(session.createSelectionQuery("select id from RunEntity where id in :ids and status = :queued",
                String.class).setParameter("ids", byRun.keySet()).setParameter("queued", RunStatus.QUEUED.name()).getResultList());
        java.util.Set<ActivePartitionEntity.Key> taken = new java.util.HashSet<>();
        int promoted = 0;
        for (var entry : byRun.entrySet()) {
            String runId = entry.getKey();
            if (!queued.contains(runId)) {
                stopWaiting(runId);
                continue;
            }
            boolean free = entry.getValue().stream().noneMatch(taken::contains)
                    && entry.getValue().stream().allMatch(k -> session.find(ActivePartitionEntity.class, k) == null);
            taken.addAll(entry.getValue());
            if (free) {
                for (ActivePartitionEntity.Key key : entry.getValue()) {
                    ActivePartitionEntity a = new ActivePartitionEntity();
                    a.id = key;
                    a.runId = runId;
                    session.persist(a);
                }
                stopWaiting(runId);
                promoted++;
            }
        }
        return promoted;
    }

    private void stopWaiting(String runId) {
        session.createMutationQuery("delete from PartitionWaitEntity where runId = :run").setParameter("run", runId).executeUpdate();
    }

    private static List<ActivePartitionEntity.Key> covered(Run run) {
        List<ActivePartitionEntity.Key> keys = new java.util.ArrayList<>();
        for (AssetKey asset : run.assets()) {
            for (String partition : reserved(run)) {
                keys.add(new ActivePartitionEntity.Key(asset.toString(), partition));
            }
        }
        return keys;
    }

    private static String describe(ActivePartitionEntity.Key key) {
        return "asset " + key.assetKey + (key.partitionKey.isEmpty() ? "" : " partition " + key.partitionKey);
    }

    private RunRows rows(java.sql.Connection connection) {
        return new RunRows(connection, this::json, this::strings);
    }

    private static List<String> reserved(Run run) {
        return run.partitions().isEmpty() ? List.of("") : run.partitions();
    }

    /**
     * The asset partitions these runs cover that a queued or started run already covers or waits for, with that run;
     * refuses runs that cover an asset partition twice.
     */
    private Map<ActivePartitionEntity.Key, String> busy(List<Run> runs) {
        java.util.Map<String, java.util.Set<String>> wanted = new java.util.HashMap<>();
        for (Run run : runs) {
            for (ActivePartitionEntity.Key key : covered(run)) {
                if (!wanted.computeIfAbsent(key.assetKey, k -> new java.util.HashSet<>()).add(key.partitionKey)) {
                    throw new io.sluice.runs.PartitionBusy(describe(key) + " is covered twice by this launch");
                }
            }
        }
        // Per asset, every partition a run holds or waits for (few, unless another large backfill of the asset is queued),
        // intersected here: cheaper than asking about each of the launch's partitions.
        Map<ActivePartitionEntity.Key, String> busy = new LinkedHashMap<>();
        for (var entry : wanted.entrySet()) {
            for (String entity : List.of("ActivePartitionEntity", "PartitionWaitEntity")) {
                String key = entity.equals("ActivePartitionEntity") ? "id." : "";
                session.createSelectionQuery("select " + key + "partitionKey, runId from " + entity + " where " + key + "assetKey = :asset",
                                Object[].class)
                        .setParameter("asset", entry.getKey()).getResultList().stream().filter(r -> entry.getValue().contains((String) r[0]))
                        .forEach(r -> busy.putIfAbsent(new ActivePartitionEntity.Key(entry.getKey(), (String) r[0]), (String) r[1]));
            }
        }
        return busy;
    }

    /** A queued run is ready when every run it waits for (run_dependency) has succeeded. */
    private static final String READY = "and not exists (select 1 from RunDependencyEntity d join RunEntity p on p.id = d.id.afterRunId "
            + "where d.id.runId = r.id and p.status <> 'SUCCESS') ";

    @Override
    @Transactional
    public List<io.sluice.runs.QueuedRun> nextQueued(int limit) {
        // Reads that each follow an index and stop at the limit instead of sorting the whole queue: single launches
        // (backfill_id is null), then the queue of each running backfill (run_backfill_queue_idx), merged in queue order;
        // a backfill run that waits for runs that have not succeeded yet (run_dependency) is not ready.
        List<Object[]> rows = new java.util.ArrayList<>(session.createSelectionQuery("select r.id, r.backfillId, r.assets, r.createdAt, r.seq "
                        + "from RunEntity r where r.backfillId is null and r.status = :queued "
                        + "and not exists (from PartitionWaitEntity w where w.runId = r.id) " + READY + "order by r.createdAt, r.seq", Object[].class)
                .setParameter("queued", RunStatus.QUEUED.name()).setMaxResults(limit).getResultList());
        if (rows.size() < limit) {
            List<Object[]> ofBackfills = new java.util.ArrayList<>();
            for (String backfill : session.createSelectionQuery("select id from io.sluice.backfill.store.BackfillEntity where status = 'RUNNING'",
                    String.class).getResultList()) {
                ofBackfills.addAll(session.createSelectionQuery("select r.id, r.backfillId, r.assets, r.createdAt, r.seq from RunEntity r "
                                + "where r.backfillId = :backfill and r.status = :queued "
                                + "and not exists (from PartitionWaitEntity w where w.runId = r.id) " + READY + "order by r.createdAt, r.seq", Object[].class)
                        .setParameter("backfill", backfill).setParameter("queued", RunStatus.QUEUED.name()).setMaxResults(limit - rows.size())
                        .getResultList());
            }
            ofBackfills.sort(java.util.Comparator.comparing((Object[] r) -> (Instant) r[3]).thenComparing(r -> (Long) r[4]));
            rows.addAll(ofBackfills.subList(0, Math.min(ofBackfills.size(), limit - rows.size())));
        }
        return rows.stream().map(row -> new io.sluice.runs.QueuedRun((String) row[0], (String) row[1],
                Arrays.stream(((String) row[2]).split(",")).map(AssetKey::parse).toList())).toList();
    }

    @Override
    @Transactional
    public void recordPartitionOutcome(AssetKey asset, List<String> partitions, String status, String runId, Instant now) {
        // the same batched upsert a group's records use, not one lookup per partition
        RunRecords records = new RunRecords();
        records.partitions(asset, partitions, io.sluice.runs.PartitionState.valueOf(status), runId, now);
        record(records);
    }

    @Override
    @Transactional
    public Map<String, String> partitionOutcomes(AssetKey asset) {
        Map<String, String> outcomes = new java.util.HashMap<>();
        session.createSelectionQuery("select id.partitionKey, status from PartitionStatusEntity where id.assetKey = :asset", Object[].class)
                .setParameter("asset", asset.toString()).getResultList().forEach(r -> outcomes.put((String) r[0], (String) r[1]));
        return outcomes;
    }

    @Override
    @Transactional
    public Map<String, Instant> materializedAt(AssetKey asset) {
        Map<String, Instant> at = new java.util.HashMap<>();
        session.createSelectionQuery("select id.partitionKey, updatedAt from PartitionStatusEntity where id.assetKey = :asset and status = 'MATERIALIZED'",
                Object[].class).setParameter("asset", asset.toString()).getResultList().forEach(r -> at.put((String) r[0], (Instant) r[1]));
        return at;
    }

    @Override
    @Transactional
    public java.util.Set<String> activePartitions(AssetKey asset) {
        return new java.util.HashSet<>(session.createSelectionQuery("select id.partitionKey from ActivePartitionEntity where id.assetKey = :asset",
                String.class).setParameter("asset", asset.toString()).getResultList());
    }

    @Override
    @Transactional
    public Map<String, java.util.Set<String>> activeRunsByPartition(AssetKey asset) {
        Map<String, java.util.Set<String>> runs = new java.util.TreeMap<>();
        // the partitions runs hold, then those they wait for (busy-partition=queue)
        for (String query : List.of(
                "select p.id.partitionKey, p.runId from ActivePartitionEntity p, RunEntity r where r.id = p.runId "
                        + "and p.id.assetKey = :asset and r.status in (:queued, :started)",
                "select p.partitionKey, p.runId from PartitionWaitEntity p, RunEntity r where r.id = p.runId "
                        + "and p.assetKey = :asset and r.status in (:queued, :started)")) {
            session.createSelectionQuery(query, Object[].class)
                    .setParameter("asset", asset.toString()).setParameter("queued", RunStatus.QUEUED.name())
                    .setParameter("started", RunStatus.STARTED.name()).getResultList()
                    .forEach(r -> runs.computeIfAbsent((String) r[0], k -> new java.util.TreeSet<>()).add((String) r[1]));
        }
        return runs;
    }

    @Override
    @Transactional
    public boolean hasActiveRuns(String backfillId) {
        return !session.createSelectionQuery("select id from RunEntity where backfillId = :b and status in (:queued, :started)", String.class)
                .setParameter("b", backfillId).setParameter("queued", RunStatus.QUEUED.name()).setParameter("started", RunStatus.STARTED.name())
                .setMaxResults(1).getResultList().isEmpty();
    }

    @Override
    @Transactional
    public long attempts(String backfillId, List<String> partitions) {
        return session.createSelectionQuery("select count(*) from RunEntity where backfillId = :b and partitionsJson = :p", Long.class)
                .setParameter("b", backfillId).setParameter("p", json(partitions)).getSingleResult();
    }

    @Override
    @Transactional
    public Map<RunStatus, Long> countByStatus(String backfillId) {
        Map<RunStatus, Long> counts = new java.util.EnumMap<>(RunStatus.class);
        session.createSelectionQuery("select status, count(*) from RunEntity where backfillId = :b group by status", Object[].class)
                .setParameter("b", backfillId).getResultList()
                .forEach(r -> counts.put(RunStatus.valueOf((String) r[0]), ((Number) r[1]).longValue()));
        return counts;
    }

    @Override
    @Transactional
    public int cancelBackfillRuns(String backfillId, Instant now) {
        return session.doReturningWork(connection -> new QueuedRunCancel(connection, this::strings).cancelBackfill(backfillId, now));
    }

    @Override
    @Transactional
    public void addDependencies(Map<String, List<String>> afterByRun) {
        afterByRun.forEach((run, after) -> after.forEach(a -> {
            RunDependencyEntity d = new RunDependencyEntity();
            d.id = new RunDependencyEntity.Key(run, a);
            session.persist(d);
        }));
    }

    @Override
    @Transactional
    public List<String> cancelDependents(String runId, Instant now, String why) {
        return session.doReturningWork(connection -> {
            // every run that waits, directly or through others, read first; then their rows locked at once in id order
            java.util.Set<String> dependents = new java.util.TreeSet<>();
            List<String> frontier = List.of(runId);
            while (!frontier.isEmpty()) {
                frontier = waitingFor(connection, frontier).stream().filter(dependents::add).toList();
            }
            QueuedRunCancel cancel = new QueuedRunCancel(connection, this::strings);
            List<QueuedRunCancel.Target> queued = cancel.lockQueued(List.copyOf(dependents));
            cancel.cancel(queued, now, why);
            return queued.stream().map(QueuedRunCancel.Target::id).toList();
        });
    }

    /** The runs that wait for any of {@code ended} (run_dependency_after_idx). */
    private static List<String> waitingFor(java.sql.Connection connection, List<String> ended) throws java.sql.SQLException {
        java.util.Set<String> waiting = new java.util.TreeSet<>();
        for (List<String> chunk : chunks(ended)) {
            try (java.sql.PreparedStatement ps = connection.prepareStatement("SELECT run_id FROM run_dependency WHERE after_run_id IN ("
                    + String.join(", ", java.util.Collections.nCopies(chunk.size(), "?")) + ")")) {
                for (int i = 0; i < chunk.size(); i++) {
                    ps.setString(i + 1, chunk.get(i));
                }
                try (java.sql.ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        waiting.add(rs.getString(1));
                    }
                }
            }
        }
        return new java.util.ArrayList<>(waiting);
    }

    private static List<List<String>> chunks(List<String> ids) {
        List<List<String>> chunks = new java.util.ArrayList<>();
        for (int from = 0; from < ids.size(); from += 500) {
            chunks.add(ids.subList(from, Math.min(ids.size(), from + 500)));
        }
        return chunks;
    }

    @Override
    @Transactional
    public void moveDependencies(String from, String to) {
        List<String> waiting = session.createSelectionQuery("select d.id.runId from RunDependencyEntity d where d.id.afterRunId = :from", String.class)
                .setParameter("from", from).getResultList();
        session.createMutationQuery("delete from RunDependencyEntity where id.afterRunId = :from").setParameter("from", from).executeUpdate();
        addDependencies(waiting.stream().collect(java.util.stream.Collectors.toMap(w -> w, w -> List.of(to))));
    }

    @Override
    @Transactional
    public List<String> partitionsOfBackfillRuns(String backfillId, java.util.Set<RunStatus> statuses) {
        List<String> partitions = new java.util.ArrayList<>();
        session.createSelectionQuery("select partitionsJson from RunEntity where backfillId = :b and status in :statuses order by seq", String.class)
                .setParameter("b", backfillId).setParameter("statuses", statuses.stream().map(Enum::name).toList())
                .getResultList().forEach(json -> partitions.addAll(strings(json)));
        return partitions;
    }

    /** Releases the asset partitions the run holds, by their keys (active_partition has no index on run_id to keep up). */
    private void release(RunEntity run) {
        List<String> partitions = strings(run.partitionsJson);
        for (List<String> chunk : chunks(partitions.isEmpty() ? List.of("") : partitions)) {
            session.createMutationQuery("delete from ActivePartitionEntity where id.assetKey in :assets and id.partitionKey in :partitions and runId = :run")
                    .setParameter("assets", List.of(run.assets.split(","))).setParameter("partitions", chunk).setParameter("run", run.id).executeUpdate();
        }
    }

    @Override
    @Transactional
    public Optional<Run> find(String id) {
        RunEntity e = session.find(RunEntity.class, id);
        return e == null ? Optional.empty() : Optional.of(toRun(e, steps(List.of(id)).getOrDefault(id, List.of())));
    }

    @Override
    @Transactional
    public List<Run> list(RunQuery query) {
        StringBuilder hql = new StringBuilder("from RunEntity r where 1 = 1");
        query.status().ifPresent(s -> hql.append(" and r.status = :status"));
        query.asset().ifPresent(a -> hql.append(" and exists (from RunStepEntity s where s.id.runId = r.id and s.assetKey = :asset)"));
        query.backfill().ifPresent(b -> hql.append(" and r.backfillId = :backfill"));
        if (!query.queuedBackfillRuns()) {
            hql.append(" and (r.backfillId is null or r.status <> 'QUEUED')");
        }
        hql.append(" order by r.createdAt desc, r.seq desc, r.id desc");
        var q = session.createSelectionQuery(hql.toString(), RunEntity.class);
        query.status().ifPresent(s -> q.setParameter("status", s.name()));
        query.asset().ifPresent(a -> q.setParameter("asset", a.toString()));
        query.backfill().ifPresent(b -> q.setParameter("backfill", b));
        List<RunEntity> runs = q.setFirstResult(query.offset()).setMaxResults(query.limit()).getResultList();
        Map<String, List<RunStep>> steps = steps(runs.stream().map(r -> r.id).toList());
        return runs.stream().map(r -> toRun(r, steps.getOrDefault(r.id, List.of()))).toList();
    }

    @Override
    @Transactional
    public boolean claim(String id, Instant now) {
        return session.createMutationQuery("update RunEntity set status = :started, startedAt = :now where id = :id and status = :queued")
                .setParameter("started", RunStatus.STARTED.name()).setParameter("now", now)
                .setParameter("id", id).setParameter("queued", RunStatus.QUEUED.name()).executeUpdate() == 1;
    }

    @Override
    @Transactional
    public List<Run> claimAll(List<String> ids, Instant now) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return session.doReturningWork(connection -> rows(connection).claim(ids, now));
    }

    @Override
    @Transactional
    public void record(RunRecords records) {
        session.doWork(connection -> new RecordsWriter(connection).write(records));
    }

    /**
     * A run is asked to stop when its cancel was requested or its backfill was canceled: a run claimed while its backfill's
     * cancel was being stored is not flagged by that cancel (the cancel passes over rows a claim holds), but stops all the same.
     */
    private static final String STOP_ASKED = "(r.cancelRequested = true or exists (select 1 from io.sluice.backfill.store.BackfillEntity b "
            + "where b.id = r.backfillId and b.status = 'CANCELED'))";

    @Override
    @Transactional
    public java.util.Set<String> cancelRequested(java.util.Collection<String> ids) {
        if (ids.isEmpty()) {
            return java.util.Set.of();
        }
        return new java.util.HashSet<>(session.createSelectionQuery("select r.id from RunEntity r where r.id in :ids and " + STOP_ASKED, String.class)
                .setParameter("ids", ids).getResultList());
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
    public void finish(String runId, RunStatus status, Instant now, long keyCount, long batchCount, long rowsWritten, String error) {
        RunEntity e = session.find(RunEntity.class, runId);
        e.status = status.name();
        e.endedAt = now;
        e.keyCount = keyCount;
        e.batchCount = batchCount;
        e.rowsWritten = rowsWritten;
        e.error = error;
        release(e);
    }

    @Override
    @Transactional
    public CancelOutcome cancel(String id, Instant now) {
        int canceled = session.createMutationQuery("update RunEntity set status = :canceled, endedAt = :now, cancelRequested = true "
                        + "where id = :id and status = :queued")
                .setParameter("canceled", RunStatus.CANCELED.name()).setParameter("now", now)
                .setParameter("id", id).setParameter("queued", RunStatus.QUEUED.name()).executeUpdate();
        if (canceled == 1) {
            session.createMutationQuery("update RunStepEntity set status = :canceled where id.runId = :id and status = :queued")
                    .setParameter("canceled", RunStatus.CANCELED.name()).setParameter("id", id)
                    .setParameter("queued", RunStatus.QUEUED.name()).executeUpdate();
            release(session.find(RunEntity.class, id));
            stopWaiting(id);
            return CancelOutcome.CANCELED;
        }
        int requested = session.createMutationQuery("update RunEntity set cancelRequested = true where id = :id and status = :started "
                        + "and cancelRequested = false")
                .setParameter("id", id).setParameter("started", RunStatus.STARTED.name()).executeUpdate();
        return requested == 1 ? CancelOutcome.REQUESTED : CancelOutcome.UNCHANGED;
    }

    @Override
    @Transactional
    public boolean isCancelRequested(String id) {
        return !session.createSelectionQuery("select r.id from RunEntity r where r.id = :id and " + STOP_ASKED, String.class)
                .setParameter("id", id).getResultList().isEmpty();
    }

    @Override
    @Transactional
    public List<String> idsWithStatus(RunStatus status) {
        return session.createSelectionQuery("select id from RunEntity where status = :status order by createdAt, id", String.class)
                .setParameter("status", status.name()).getResultList();
    }

    @Override
    @Transactional
    public void appendLog(String runId, Instant ts, String level, AssetKey asset, String message) {
        RunLogEntity e = new RunLogEntity();
        e.runId = runId;
        e.ts = ts;
        e.level = level;
        e.assetKey = asset == null ? null : asset.toString();
        e.message = message;
        session.persist(e);
    }

    @Override
    @Transactional
    public List<LogLine> logs(String runId, long afterId, int limit) {
        return session.createSelectionQuery("from RunLogEntity where runId = :run and id > :after order by id", RunLogEntity.class)
                .setParameter("run", runId).setParameter("after", afterId).setMaxResults(limit).getResultList().stream()
                .map(e -> new LogLine(e.id, e.ts, e.level, e.assetKey, e.message)).toList();
    }

    @Override
    @Transactional
    public void recordMaterialization(Materialization m) {
        MaterializationEntity e = new MaterializationEntity();
        e.runId = m.runId();
        e.assetKey = m.asset().toString();
        e.partitionKey = m.partition() == null ? "" : m.partition();
        e.ts = m.ts();
        e.rowsWritten = m.rowsWritten();
        e.keyCount = m.keyCount();
        e.batchCount = m.batchCount();
        e.durationMs = m.durationMs();
        e.metadataJson = m.metadataJson();
        session.persist(e);
    }

    @Override
    @Transactional
    public List<Materialization> materializations(String runId) {
        return session.createSelectionQuery("from MaterializationEntity where runId = :run order by id", MaterializationEntity.class)
                .setParameter("run", runId).getResultList().stream().map(JpaRunStore::toMaterialization).toList();
    }

    @Override
    @Transactional
    public Optional<Materialization> lastMaterialization(AssetKey asset) {
        return session.createSelectionQuery("from MaterializationEntity where assetKey = :asset order by id desc", MaterializationEntity.class)
                .setParameter("asset", asset.toString()).setMaxResults(1).getResultList().stream()
                .findFirst().map(JpaRunStore::toMaterialization);
    }

    @Override
    @Transactional
    public Map<AssetKey, AssetRun> lastStepByAsset(java.util.Collection<AssetKey> keys) {
        Map<AssetKey, AssetRun> byAsset = new LinkedHashMap<>();
        for (String asset : keys.stream().map(AssetKey::toString).sorted().toList()) {
            session.createSelectionQuery("select s from RunStepEntity s, RunEntity r where r.id = s.id.runId and s.assetKey = :asset "
                            + "order by r.createdAt desc, r.seq desc, r.id desc", RunStepEntity.class)
                    .setParameter("asset", asset).setMaxResults(1).getResultList()
                    .forEach(s -> byAsset.put(AssetKey.parse(s.assetKey), new AssetRun(s.id.runId, toStep(s))));
        }
        return byAsset;
    }

    @Override
    @Transactional
    public void recordChecks(List<RecordedCheck> checks) {
        for (RecordedCheck c : checks) {
            CheckResultEntity e = new CheckResultEntity();
            e.runId = c.runId();
            e.assetKey = c.asset().toString();
            e.partitionKey = c.partition() == null ? "" : c.partition();
            e.checkName = c.result().name();
            e.severity = c.result().severity().name();
            e.passed = c.result().passed();
            e.observed = c.result().observed();
            e.threshold = c.result().threshold();
            e.message = c.result().message();
            e.sampleJson = writeJson(c.result().sample());
            e.ts = c.ts();
            session.persist(e);
        }
    }

    @Override
    @Transactional
    public List<RecordedCheck> checks(String runId) {
        return session.createSelectionQuery("from CheckResultEntity where runId = :run order by id", CheckResultEntity.class)
                .setParameter("run", runId).getResultList().stream().map(this::toCheck).toList();
    }

    @Override
    @Transactional
    public List<RecordedCheck> checksFailuresFirst(String runId, int limit) {
        // passed = false sorts first; among failures 'ERROR' before 'WARN'
        return session.createSelectionQuery("from CheckResultEntity where runId = :run order by passed, severity, id",
                        CheckResultEntity.class)
                .setParameter("run", runId).setMaxResults(limit).getResultList().stream().map(this::toCheck).toList();
    }

    @Override
    @Transactional
    public CheckCounts checkCounts(String runId) {
        List<Object[]> rows = session.createSelectionQuery("select passed, severity, count(*) from CheckResultEntity where runId = :run "
                + "group by passed, severity", Object[].class).setParameter("run", runId).getResultList();
        long passed = 0;
        long failed = 0;
        long warnings = 0;
        for (Object[] row : rows) {
            long n = ((Number) row[2]).longValue();
            if ((Boolean) row[0]) {
                passed += n;
            } else if (AssetCheck.Severity.ERROR.name().equals(row[1])) {
                failed += n;
            } else {
                warnings += n;
            }
        }
        return new CheckCounts(passed, failed, warnings);
    }

    @Override
    @Transactional
    public List<RecordedCheck> latestChecks(AssetKey asset) {
        List<String> runs = session.createSelectionQuery("select runId from CheckResultEntity where assetKey = :asset order by id desc", String.class)
                .setParameter("asset", asset.toString()).setMaxResults(1).getResultList();
        if (runs.isEmpty()) {
            return List.of();
        }
        return session.createSelectionQuery("from CheckResultEntity where runId = :run and assetKey = :asset order by id", CheckResultEntity.class)
                .setParameter("run", runs.get(0)).setParameter("asset", asset.toString()).getResultList().stream().map(this::toCheck).toList();
    }

    private RecordedCheck toCheck(CheckResultEntity e) {
        List<Map<String, Object>> sample;
        try {
            sample = mapper.readValue(e.sampleJson, new TypeReference<>() { });
        } catch (JsonProcessingException ex) {
            sample = List.of();
        }
        return new RecordedCheck(e.runId, AssetKey.parse(e.assetKey), e.partitionKey.isEmpty() ? null : e.partitionKey, e.ts,
                new CheckResult(e.checkName, AssetCheck.Severity.valueOf(e.severity), e.passed, e.observed, e.threshold, sample, e.message));
    }

    private String writeJson(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    @Transactional
    public Optional<String> watermark(AssetKey asset, String partition) {
        WatermarkEntity e = session.find(WatermarkEntity.class, new WatermarkEntity.WatermarkId(asset.toString(), partition == null ? "" : partition));
        return e == null ? Optional.empty() : Optional.of(e.value);
    }

    @Override
    @Transactional
    public void saveWatermark(AssetKey asset, String partition, String value, String runId, Instant now) {
        var id = new WatermarkEntity.WatermarkId(asset.toString(), partition == null ? "" : partition);
        WatermarkEntity e = session.find(WatermarkEntity.class, id);
        boolean created = e == null;
        if (created) {
            e = new WatermarkEntity();
            e.id = id;
        }
        e.value = value;
        e.runId = runId;
        e.updatedAt = now;
        if (created) {
            session.persist(e);
        }
    }

    private Map<String, List<RunStep>> steps(List<String> runIds) {
        if (runIds.isEmpty()) {
            return Map.of();
        }
        return session.createSelectionQuery("from RunStepEntity where id.runId in :ids order by id.runId, id.stepIndex", RunStepEntity.class)
                .setParameter("ids", runIds).getResultList().stream()
                .collect(Collectors.groupingBy(s -> s.id.runId, LinkedHashMap::new, Collectors.mapping(JpaRunStore::toStep, Collectors.toList())));
    }

    private static RunStep toStep(RunStepEntity s) {
        return new RunStep(s.id.stepIndex, AssetKey.parse(s.assetKey), RunStatus.valueOf(s.status), s.startedAt, s.endedAt,
                s.keyCount, s.batchCount, s.rowsWritten, s.error);
    }

    private static Materialization toMaterialization(MaterializationEntity e) {
        return new Materialization(e.runId, AssetKey.parse(e.assetKey), e.partitionKey.isEmpty() ? null : e.partitionKey, e.ts,
                e.rowsWritten, e.keyCount, e.batchCount, e.durationMs, e.metadataJson);
    }

    private Run toRun(RunEntity e, List<RunStep> steps) {
        List<AssetKey> assets = Arrays.stream(e.assets.split(",")).map(AssetKey::parse).toList();
        return new Run(e.id, RunStatus.valueOf(e.status), MaterializationMode.valueOf(e.mode), assets, strings(e.keysJson),
                strings(e.partitionsJson), e.configJson, e.reason, e.launchedBy, e.createdAt, e.startedAt, e.endedAt,
                e.keyCount, e.batchCount, e.rowsWritten, e.error, e.cancelRequested, steps, RunKind.valueOf(e.kind), e.rollbackTo, e.backfillId);
    }

    private String json(List<String> values) {
        try {
            return mapper.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<String> strings(String json) {
        try {
            return mapper.readValue(json, STRINGS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable list in the metadata store: " + json, e);
        }
    }
}
