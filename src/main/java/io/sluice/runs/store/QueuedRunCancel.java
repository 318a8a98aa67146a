package io.sluice.runs.store;

import io.sluice.runs.RunStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Cancels queued runs on the caller's connection (and so in its transaction), taking locks in the order every writer of
 * runs takes them: run rows first, in ascending id order, then the rows of those runs (steps, partition reservations,
 * waits). A worker storing what its runs did ({@link RecordsWriter}) locks its run rows first, in ascending id order too,
 * so a cancel and a worker's records never wait for each other in a circle. Before, a group's cancel deleted the
 * reservations of the runs it saw queued and then set its runs' statuses, while a worker that had claimed and ended some
 * of those runs meanwhile held their rows and waited for the reservations: H2 reported {@code Deadlock detected ...
 * ACTIVE_PARTITION}. (H2 also keeps the lock of a row that it locked and then found no longer matching, so every row a
 * statement may lock counts, not only the rows it changes.) Each statement names its rows by key, so the work is linear
 * in the runs.
 */
final class QueuedRunCancel {

    private static final int CHUNK = 500;

    /** A queued run whose row this transaction locked: what is needed to cancel it and release its partitions by key. */
    record Target(String id, List<String> assets, List<String> partitions) {}

    private final Connection connection;
    private final Function<String, List<String>> strings;

    QueuedRunCancel(Connection connection, Function<String, List<String>> strings) {
        this.connection = connection;
        this.strings = strings;
    }

    /**
     * Cancels the group's queued runs and flags its started ones to stop between batches, in one pass over their rows in
     * ascending id order (a row that a claim holds is waited for: a claim waits for nothing, so it ends soon); then cleans up
     * after the runs it canceled. Returns how many it canceled.
     */
    int cancelGroup(String group, Instant now) throws SQLException {
        Map<String, String> active = new TreeMap<>();
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT id, status FROM run WHERE group_id = ? AND status IN (?, ?)")) {
            ps.setString(1, group);
            ps.setString(2, RunStatus.QUEUED.name());
            ps.setString(3, RunStatus.STARTED.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    active.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        if (active.isEmpty()) {
            return 0;
        }
        // one statement for both kinds, so that every row is locked in the one order: a queued run is canceled, a
        // started one
        // (also one claimed since it was read above) is asked to stop
        try (PreparedStatement ps = connection.prepareStatement(
                "UPDATE run SET status = CASE WHEN status = ? THEN ? ELSE status END, "
                        + "ended_at = CASE WHEN status = ? THEN ? ELSE ended_at END, cancel_requested = TRUE WHERE id = ? AND status IN (?, ?)")) {
            for (String id : active.keySet()) {
                ps.setString(1, RunStatus.QUEUED.name());
                ps.setString(2, RunStatus.CANCELED.name());
                ps.setString(3, RunStatus.QUEUED.name());
                RecordsWriter.time(ps, 4, now);
                ps.setString(5, id);
                ps.setString(6, RunStatus.QUEUED.name());
                ps.setString(7, RunStatus.STARTED.name());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        List<String> wereQueued = active.entrySet().stream()
                .filter(e -> e.getValue().equals(RunStatus.QUEUED.name()))
                .map(Map.Entry::getKey)
                .toList();
        List<Target> canceled = new ArrayList<>();
        for (List<String> chunk : chunks(wereQueued)) {
            try (PreparedStatement ps =
                    connection.prepareStatement("SELECT id, assets, partitions_json FROM run WHERE id IN ("
                            + marks(chunk.size()) + ") AND status = ? ORDER BY id")) {
                for (int i = 0; i < chunk.size(); i++) {
                    ps.setString(i + 1, chunk.get(i));
                }
                ps.setString(chunk.size() + 1, RunStatus.CANCELED.name());
                canceled.addAll(targets(ps));
            }
        }
        cleanUp(canceled);
        return canceled.size();
    }

    /** Locks those of {@code ids} that are queued, ascending by id, waiting for rows another transaction holds. */
    List<Target> lockQueued(List<String> ids) throws SQLException {
        List<String> sorted = new ArrayList<>(ids);
        Collections.sort(sorted);
        List<Target> locked = new ArrayList<>();
        for (List<String> chunk : chunks(sorted)) {
            try (PreparedStatement ps =
                    connection.prepareStatement("SELECT id, assets, partitions_json FROM run WHERE id IN ("
                            + marks(chunk.size()) + ") AND status = 'QUEUED' ORDER BY id FOR UPDATE")) {
                for (int i = 0; i < chunk.size(); i++) {
                    ps.setString(i + 1, chunk.get(i));
                }
                locked.addAll(targets(ps));
            }
        }
        return locked;
    }

    /** Cancels the locked runs: their rows (with {@code error}, null for none), then {@link #cleanUp} after them. */
    void cancel(List<Target> runs, Instant now, String error) throws SQLException {
        if (runs.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = connection.prepareStatement(
                "UPDATE run SET status = ?, ended_at = ?, error = ? WHERE id = ? AND status = ?")) {
            for (Target run : runs) {
                ps.setString(1, RunStatus.CANCELED.name());
                RecordsWriter.time(ps, 2, now);
                ps.setString(3, error);
                ps.setString(4, run.id());
                ps.setString(5, RunStatus.QUEUED.name());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        cleanUp(runs);
    }

    /** After canceled runs (their rows locked by this transaction): their queued steps, their reservations by key, their waits. */
    private void cleanUp(List<Target> runs) throws SQLException {
        if (runs.isEmpty()) {
            return;
        }
        try (PreparedStatement ps =
                connection.prepareStatement("UPDATE run_step SET status = ? WHERE run_id = ? AND status = ?")) {
            for (Target run : runs) {
                ps.setString(1, RunStatus.CANCELED.name());
                ps.setString(2, run.id());
                ps.setString(3, RunStatus.QUEUED.name());
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = connection.prepareStatement(
                "DELETE FROM active_partition WHERE asset_key = ? AND partition_key = ? AND run_id = ?")) {
            for (Target run : runs) {
                for (String asset : run.assets()) {
                    for (String partition : run.partitions().isEmpty() ? List.of("") : run.partitions()) {
                        ps.setString(1, asset);
                        ps.setString(2, partition);
                        ps.setString(3, run.id());
                        ps.addBatch();
                    }
                }
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = connection.prepareStatement("DELETE FROM partition_wait WHERE run_id = ?")) {
            for (Target run : runs) {
                ps.setString(1, run.id());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private List<Target> targets(PreparedStatement ps) throws SQLException {
        List<Target> targets = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                targets.add(new Target(
                        rs.getString(1), List.of(rs.getString(2).split(",")), strings.apply(rs.getString(3))));
            }
        }
        return targets;
    }

    private static List<List<String>> chunks(List<String> ids) {
        List<List<String>> chunks = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            chunks.add(ids.subList(from, Math.min(ids.size(), from + CHUNK)));
        }
        return chunks;
    }

    private static String marks(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }
}
