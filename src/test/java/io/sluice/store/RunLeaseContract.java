package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.ClaimedRuns;
import io.sluice.runs.Fence;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionState;
import io.sluice.runs.Run;
import io.sluice.runs.RunOwner;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The contract of run leases: a claim writes its node as the run's owner and raises the run's epoch, and every write a
 * run makes is fenced on that owner and epoch, so a late write of an owner that lost the run changes nothing. Run per
 * backend.
 */
public abstract class RunLeaseContract extends StorePortContract {

    @Inject
    RunOwner owner;

    @Inject
    DataSource dataSource;

    private record Lease(String owner, long epoch, String status) {}

    private Lease lease(String runId) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps =
                        c.prepareStatement("SELECT owner_node, lease_epoch, status FROM run WHERE id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return new Lease(rs.getString(1), rs.getLong(2), rs.getString(3));
            }
        }
    }

    private void handBack(String runId) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("UPDATE run SET status = 'QUEUED', started_at = NULL, "
                        + "owner_node = NULL WHERE id = ? AND status = 'STARTED'")) {
            ps.setString(1, runId);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }

    /** What a run that succeeded writes in its last flush: step, log, materialization, partition, watermark, end. */
    private RunRecords success(Run run, AssetKey asset, String partition, String watermark) {
        RunRecords records = new RunRecords();
        records.step(run.id(), new RunStep(0, asset, RunStatus.SUCCESS, t0, t0.plusSeconds(9), 5, 1, 16, null));
        records.log(new RunRecords.LogRecord(run.id(), t0.plusSeconds(9), "INFO", asset, "late: materialized"));
        records.materialized(
                new Materialization(run.id(), asset, partition, t0.plusSeconds(9), 16, 5, 1, 9000, "{\"rows\":16}"));
        records.partitions(asset, List.of(partition), PartitionState.MATERIALIZED, run.id(), t0.plusSeconds(9));
        records.watermark(new RunRecords.WatermarkChange(asset, partition, watermark, run.id(), t0.plusSeconds(9)));
        records.ended(
                run,
                new RunRecords.RunEnd(run.id(), RunStatus.SUCCESS, t0.plusSeconds(9), 5, 1, 16, null),
                AuditEvent.of(
                        t0.plusSeconds(9),
                        "sluice",
                        AuditAction.RUN_FINISHED,
                        run.id(),
                        asset.toString(),
                        null,
                        Map.of()));
        return records;
    }

    /** A takeover's end of a run whose owner died: FAILURE with the reason, the open step FAILURE, fenced. */
    private RunRecords takenOver(Run run, AssetKey asset, String partition) {
        RunRecords records = new RunRecords();
        records.step(run.id(), new RunStep(0, asset, RunStatus.FAILURE, t0, t0.plusSeconds(5), 0, 0, 0, null));
        records.partitions(asset, List.of(partition), PartitionState.FAILED, run.id(), t0.plusSeconds(5));
        records.ended(
                run,
                new RunRecords.RunEnd(
                        run.id(),
                        RunStatus.FAILURE,
                        t0.plusSeconds(5),
                        0,
                        0,
                        0,
                        "node b stopped renewing its lease: taken over"),
                null);
        return records;
    }

    @Test
    void aClaimWritesItsNodeAsOwnerAndRaisesTheEpoch() throws SQLException {
        AssetKey a = uniqueAsset();
        Run run = partitionedRun(a, "2024-05-01");
        queue.createAll(List.of(run));
        assertThat(lease(run.id())).isEqualTo(new Lease(null, 0, "QUEUED"));

        ClaimedRuns claimed = queue.claimGroup(List.of(run.id()), t0);

        assertThat(claimed.fence().node()).isEqualTo(owner.nodeId());
        assertThat(claimed.fence().epochs()).containsExactly(Map.entry(run.id(), 1L));
        assertThat(lease(run.id())).isEqualTo(new Lease(owner.nodeId(), 1, "STARTED"));
        assertThat(queue.startedOf(List.of(owner.nodeId())))
                .anySatisfy(l -> assertThat(l.id()).isEqualTo(run.id()));
    }

    @Test
    void aLateEndFromTheOldOwnerChangesNothing() throws SQLException {
        AssetKey a = uniqueAsset();
        Run run = partitionedRun(a, "2024-05-02");
        queue.createAll(List.of(run));
        Fence old = queue.claimGroup(List.of(run.id()), t0).fence();
        RunRecords early = new RunRecords();
        early.log(new RunRecords.LogRecord(run.id(), t0.plusSeconds(1), "INFO", a, "materializing"));
        assertThat(queue.record(early, old)).as("the owner still holds it").isEmpty();
        assets.saveWatermark(a, "2024-05-02", "w-before", "earlier", t0);

        // another node takes the run over (its owner stopped renewing), ends it FAILURE and queues its retry
        assertThat(queue.record(takenOver(run, a, "2024-05-02"), old)).isEmpty();
        Run retry = partitionedRun(a, "2024-05-02");
        queue.createAll(List.of(retry));
        Run before = history.find(run.id()).orElseThrow();
        int logsBefore = events.logs(run.id(), 0, 1000).size();
        Map<String, String> partitionsBefore = assets.partitionOutcomes(a);

        // the old owner wakes up and flushes its success
        assertThat(queue.record(success(run, a, "2024-05-02", "w-late"), old))
                .as("reported lost")
                .containsExactly(run.id());

        Run after = history.find(run.id()).orElseThrow();
        assertThat(after.status()).isEqualTo(RunStatus.FAILURE);
        assertThat(after.error()).contains("node b stopped renewing its lease");
        assertThat(after.rowsWritten()).isEqualTo(before.rowsWritten());
        assertThat(after.steps()).isEqualTo(before.steps());
        assertThat(events.logs(run.id(), 0, 1000)).hasSize(logsBefore);
        assertThat(events.materializations(run.id())).isEmpty();
        assertThat(assets.partitionOutcomes(a)).isEqualTo(partitionsBefore).containsEntry("2024-05-02", "FAILED");
        assertThat(assets.watermark(a, "2024-05-02")).isEqualTo(Optional.of("w-before"));
        assertThat(assets.activeRunsByPartition(a))
                .as("the retry keeps its reservation")
                .containsEntry("2024-05-02", java.util.Set.of(retry.id()));
    }

    @Test
    void aLateEndAfterHandBackAndReclaimBySameNodeChangesNothing() throws SQLException {
        AssetKey a = uniqueAsset();
        Run run = partitionedRun(a, "2024-05-03");
        queue.createAll(List.of(run));
        Fence first = queue.claimGroup(List.of(run.id()), t0).fence();
        handBack(run.id());
        Fence second = queue.claimGroup(List.of(run.id()), t0.plusSeconds(3)).fence();
        assertThat(second.node()).as("the same node claimed it again").isEqualTo(first.node());
        assertThat(second.epoch(run.id())).isEqualTo(2);

        assertThat(queue.record(success(run, a, "2024-05-03", "w-stale"), first))
                .as("the first claim's epoch is over")
                .containsExactly(run.id());
        assertThat(lease(run.id())).isEqualTo(new Lease(owner.nodeId(), 2, "STARTED"));
        assertThat(events.materializations(run.id())).isEmpty();
        assertThat(assets.watermark(a, "2024-05-03")).isEmpty();

        assertThat(queue.record(success(run, a, "2024-05-03", "w-now"), second)).isEmpty();
        assertThat(history.find(run.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(assets.watermark(a, "2024-05-03")).isEqualTo(Optional.of("w-now"));
        assertThat(assets.activePartitions(a)).isEmpty();
    }

    @Test
    void aFlushStoresTheRunsThatPassAndDropsOnlyTheLostOnes() {
        AssetKey a = uniqueAsset();
        Run kept = partitionedRun(a, "2024-05-04");
        Run lost = partitionedRun(a, "2024-05-05");
        queue.createAll(List.of(kept, lost));
        Fence fence = queue.claimGroup(List.of(kept.id(), lost.id()), t0).fence();
        assertThat(queue.record(takenOver(lost, a, "2024-05-05"), fence)).isEmpty();

        RunRecords both = success(kept, a, "2024-05-04", "w4");
        RunRecords other = success(lost, a, "2024-05-05", "w5");
        other.logs().forEach(both::log);
        other.materializations().forEach(both::materialized);
        other.ends().forEach(e -> both.ended(lost, e, null));

        assertThat(queue.record(both, fence)).containsExactly(lost.id());
        assertThat(history.find(kept.id()).orElseThrow().status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(events.materializations(kept.id())).hasSize(1);
        assertThat(history.find(lost.id()).orElseThrow().status()).isEqualTo(RunStatus.FAILURE);
        assertThat(events.materializations(lost.id())).isEmpty();
    }

    @Inject
    io.sluice.cluster.LeaseWatch watch;

    private void insertNode(String id, String name, Instant heartbeat, Instant leaseUntil) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO node (id, name, host, data_dir, pid, version, "
                        + "executes, serves, workers, state, started_at, heartbeat_at, lease_until) VALUES "
                        + "(?, ?, ?, '/srv', 4242, 'test', TRUE, TRUE, 4, 'RUNNING', ?, ?, ?)")) {
            ps.setString(1, id);
            ps.setString(2, name);
            ps.setString(3, "host-" + name);
            ps.setObject(4, heartbeat.atOffset(java.time.ZoneOffset.UTC));
            ps.setObject(5, heartbeat.atOffset(java.time.ZoneOffset.UTC));
            ps.setObject(6, leaseUntil.atOffset(java.time.ZoneOffset.UTC));
            ps.executeUpdate();
        }
    }

    private void own(String runId, String node) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("UPDATE run SET owner_node = ? WHERE id = ?")) {
            ps.setString(1, node);
            ps.setString(2, runId);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }

    @Test
    void aTakeoverEndsOnlyTheRunsOfExpiredNodesWithTheReasonAndReleasesThem() throws SQLException {
        Instant now = Instant.now();
        String b = java.util.UUID.randomUUID().toString();
        String c = java.util.UUID.randomUUID().toString();
        String nameB = "b" + b.substring(0, 6);
        insertNode(b, nameB, now.minusSeconds(90), now.minusSeconds(60));
        insertNode(c, "c" + c.substring(0, 6), now, now.plusSeconds(3600));
        AssetKey a = uniqueAsset();
        Run dead = partitionedRun(a, "2024-06-01");
        Run alive = partitionedRun(a, "2024-06-02");
        queue.createAll(List.of(dead, alive));
        Fence old = queue.claimGroup(List.of(dead.id(), alive.id()), t0).fence();
        own(dead.id(), b);
        own(alive.id(), c);

        List<io.sluice.runs.RunFinished> ended = watch.round();

        assertThat(ended)
                .extracting(io.sluice.runs.RunFinished::runId)
                .contains(dead.id())
                .doesNotContain(alive.id());
        Run after = history.find(dead.id()).orElseThrow();
        assertThat(after.status()).isEqualTo(RunStatus.FAILURE);
        assertThat(after.error())
                .startsWith("node " + nameB + " (host-" + nameB + ", pid 4242) stopped renewing its lease: silent for ")
                .contains("(lease ");
        assertThat(lease(dead.id()).owner())
                .as("adopted by the node that took it over")
                .isEqualTo(owner.nodeId());
        assertThat(history.find(alive.id()).orElseThrow().status())
                .as("a live node's run is never taken over")
                .isEqualTo(RunStatus.STARTED);
        assertThat(assets.activePartitions(a)).containsExactly("2024-06-02");
        assertThat(watch.round())
                .as("taken over once")
                .extracting(io.sluice.runs.RunFinished::runId)
                .doesNotContain(dead.id());

        // b wakes up and flushes its run's success: nothing changes
        assertThat(queue.record(success(dead, a, "2024-06-01", "late"), new Fence(b, old.epochs())))
                .containsExactly(dead.id());
        assertThat(history.find(dead.id()).orElseThrow().status()).isEqualTo(RunStatus.FAILURE);
    }
}
