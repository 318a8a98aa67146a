package io.sluice.cluster;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One Sluice process start, as the {@code node} table stores it: where it runs, what it does, and its lease (renewed by
 * its heartbeat until {@code leaseUntil}).
 */
public record Node(
        String id,
        String name,
        String host,
        String dataDir,
        long pid,
        String version,
        boolean executes,
        boolean serves,
        String lakeId,
        int workers,
        String url,
        NodeState state,
        Instant startedAt,
        Instant heartbeatAt,
        Instant leaseUntil,
        Instant endedAt,
        String endedBy,
        String endReason) {

    public Node {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(heartbeatAt, "heartbeatAt");
        Objects.requireNonNull(leaseUntil, "leaseUntil");
        if (id.length() > 36) {
            throw new IllegalArgumentException("a node id has at most 36 characters: " + id);
        }
        if (name.isBlank() || name.length() > 200) {
            throw new IllegalArgumentException("a node name has 1 to 200 characters");
        }
        if (workers < 0) {
            throw new IllegalArgumentException("workers must not be negative: " + workers);
        }
        if (leaseUntil.isBefore(heartbeatAt)) {
            throw new IllegalArgumentException("a lease ends after the heartbeat that renewed it");
        }
    }

    /** A node that starts now: RUNNING, its lease ending {@code lease} from now. */
    public static Node starting(
            String id,
            String name,
            String host,
            String dataDir,
            long pid,
            String version,
            boolean executes,
            int workers,
            Instant now,
            Duration lease) {
        return new Node(
                id,
                name,
                host,
                dataDir,
                pid,
                version,
                executes,
                true,
                null,
                workers,
                null,
                NodeState.RUNNING,
                now,
                now,
                now.plus(lease),
                null,
                null,
                null);
    }
}
