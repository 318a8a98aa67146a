package io.sluice.runs.store;

import io.sluice.runs.QueuePlace;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.hibernate.Session;

/** Which queued runs start only after others succeeded ({@code run_dependency}), in the caller's transaction. */
@ApplicationScoped
class RunDependencies {

    private final Session session;
    private final RunMapping mapping;

    RunDependencies(Session session, RunMapping mapping) {
        this.session = session;
        this.mapping = mapping;
    }

    void add(Map<String, List<String>> afterByRun) {
        afterByRun.forEach((run, after) -> after.forEach(a -> {
            RunDependencyEntity d = new RunDependencyEntity();
            d.id = new RunDependencyEntity.Key(run, a);
            session.persist(d);
        }));
    }

    List<String> cancelDependents(String runId, Instant now, String why) {
        return session.doReturningWork(connection -> {
            // every run that waits, directly or through others, read first; then their rows locked at once in id order
            Set<String> dependents = new TreeSet<>();
            List<String> frontier = List.of(runId);
            while (!frontier.isEmpty()) {
                frontier = waitingFor(connection, frontier).stream()
                        .filter(dependents::add)
                        .toList();
            }
            QueuedRunCancel cancel = new QueuedRunCancel(connection, mapping::strings);
            List<QueuedRunCancel.Target> queued = cancel.lockQueued(List.copyOf(dependents));
            cancel.cancel(queued, now, why);
            return queued.stream().map(QueuedRunCancel.Target::id).toList();
        });
    }

    /** The runs that wait for any of {@code ended} (run_dependency_after_idx). */
    private static List<String> waitingFor(Connection connection, List<String> ended) throws SQLException {
        Set<String> waiting = new TreeSet<>();
        for (List<String> chunk : RunMapping.chunks(ended)) {
            try (PreparedStatement ps =
                    connection.prepareStatement("SELECT run_id FROM run_dependency WHERE after_run_id IN ("
                            + String.join(", ", Collections.nCopies(chunk.size(), "?")) + ")")) {
                for (int i = 0; i < chunk.size(); i++) {
                    ps.setString(i + 1, chunk.get(i));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        waiting.add(rs.getString(1));
                    }
                }
            }
        }
        return new ArrayList<>(waiting);
    }

    /** The runs {@code runId} waits for that have not succeeded: the first {@code limit} (oldest first) and how many. */
    record Pending(List<QueuePlace.Waited> listed, long count) {}

    Pending pending(String runId, int limit) {
        long count = session.createSelectionQuery(
                        "select count(*) from RunDependencyEntity d join RunEntity p on p.id = d.id.afterRunId "
                                + "where d.id.runId = :run and p.status <> :success",
                        Long.class)
                .setParameter("run", runId)
                .setParameter("success", RunStatus.SUCCESS.name())
                .getSingleResult();
        if (count == 0) {
            return new Pending(List.of(), 0);
        }
        List<QueuePlace.Waited> listed = session
                .createSelectionQuery(
                        "select p.id, p.status, p.partitionsJson, p.assets from RunDependencyEntity d "
                                + "join RunEntity p on p.id = d.id.afterRunId "
                                + "where d.id.runId = :run and p.status <> :success order by p.createdAt, p.id",
                        Object[].class)
                .setParameter("run", runId)
                .setParameter("success", RunStatus.SUCCESS.name())
                .setMaxResults(limit)
                .getResultList()
                .stream()
                .map(r -> new QueuePlace.Waited(
                        (String) r[0], RunStatus.valueOf((String) r[1]), covers((String) r[3], (String) r[2])))
                .toList();
        return new Pending(listed, count);
    }

    /** What an upstream run materializes: its assets and, when partitioned, its first and last partition. */
    private String covers(String assets, String partitionsJson) {
        List<String> partitions = mapping.strings(partitionsJson);
        String what = assets.replace(",", ", ");
        if (partitions.isEmpty()) {
            return what;
        }
        return what
                + (partitions.size() == 1
                        ? " partition " + partitions.get(0)
                        : " partitions " + partitions.get(0) + "..." + partitions.get(partitions.size() - 1) + " ("
                                + partitions.size() + ")");
    }

    void move(String from, String to) {
        List<String> waiting = session.createSelectionQuery(
                        "select d.id.runId from RunDependencyEntity d where d.id.afterRunId = :from", String.class)
                .setParameter("from", from)
                .getResultList();
        session.createMutationQuery("delete from RunDependencyEntity where id.afterRunId = :from")
                .setParameter("from", from)
                .executeUpdate();
        add(waiting.stream().collect(Collectors.toMap(w -> w, w -> List.of(to))));
    }
}
