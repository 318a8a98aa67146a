package io.sluice.runs.dispatch;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.backfill.BackfillRuns;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.BackfillStore;
import io.sluice.backfill.PartitionRow;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.Lake;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.QueuePlace;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunOwner;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import io.sluice.testing.StoreOnlyProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * Start-up recovery on states a process that died leaves behind, built here in the store and the lake (runs are not
 * executed in this profile, so nothing moves them but the test): recovery is called as a start calls it.
 */
@QuarkusTest
@TestProfile(RunRecoveryTest.Profile.class)
class RunRecoveryTest {

    /** Runs are not executed, in an application (data directory) of its own. */
    public static class Profile extends StoreOnlyProfile {}

    private static final AssetKey DAILY = AssetKey.parse("test/daily");
    private static final AssetKey LANDED = AssetKey.parse("test/landed");
    private static final AssetKey LANDED_DAILY = AssetKey.parse("test/landed_daily");

    @Inject
    RunRecovery recovery;

    @Inject
    RunQueue queue;

    @Inject
    RunHistory history;

    @Inject
    RunEventLog events;

    @Inject
    AssetState assetState;

    @Inject
    BackfillStore backfills;

    @Inject
    BackfillRuns backfillRuns;

    @Inject
    Lake lake;

    @Inject
    AuditLog audit;

    @Inject
    RunOwner owner;

    @Inject
    RunExecutor executor;

    @Inject
    DataSource store;

    /** What the next start does when this node dies now: its runs are those of an earlier start of the place. */
    private void recoverAfterThisNodeDied() {
        recovery.recover(Set.of(owner.nodeId()));
    }

    private String claimOnlyRunOf(String backfill) {
        List<Run> runs =
                history.list(new RunQuery(Optional.empty(), Optional.empty(), Optional.of(backfill), true, 10));
        assertThat(runs).hasSize(1);
        assertThat(queue.claimAll(List.of(runs.get(0).id()), Instant.now())).hasSize(1);
        return runs.get(0).id();
    }

    private Map<RunStatus, Long> runsOf(String backfill) {
        return history.countByStatus(backfill);
    }

    @Test
    void aRunOfACanceledBackfillLeftStartedEndsCanceledAndIsNotQueuedAgain() {
        String backfill = Backfills.launch(
                "{\"assets\": [\"test/daily\"], \"ranges\": [{\"start\": \"2024-03-01\", \"end\": \"2024-03-10\"}], "
                        + "\"singleRun\": true, \"reason\": \"recovery test\"}");
        String run = claimOnlyRunOf(backfill);
        given().contentType(ContentType.JSON)
                .body("{\"reason\": \"wrong days\"}")
                .post("/api/backfills/" + backfill + "/cancel")
                .then()
                .statusCode(200)
                .body("status", Matchers.equalTo("CANCELED"));
        assertThat(history.find(run).orElseThrow().status())
                .as("the run was executing when the process died")
                .isEqualTo(RunStatus.STARTED);

        recoverAfterThisNodeDied();

        assertThat(history.find(run).orElseThrow().status()).isEqualTo(RunStatus.CANCELED);
        assertThat(runsOf(backfill))
                .as("no attempt is queued for a canceled backfill")
                .containsOnlyKeys(RunStatus.CANCELED);
        assertThat(assetState.activePartitions(DAILY)).noneMatch(p -> p.startsWith("2024-03-"));
        Backfills.launch(
                "{\"assets\": [\"test/daily\"], \"ranges\": [{\"start\": \"2024-03-01\", \"end\": \"2024-03-10\"}], "
                        + "\"singleRun\": true, \"reason\": \"the days again\"}");
    }

    @Test
    void queuedRunsOfABackfillThatEndedAreCanceledAndFreeTheirPartitions() {
        String backfill = Backfills.launch(
                "{\"assets\": [\"test/daily\"], \"ranges\": [{\"start\": \"2024-04-01\", \"end\": \"2024-04-03\"}], "
                        + "\"reason\": \"recovery test\"}");
        // what a release before this one could leave: the backfill ended, its runs still queued (nothing dispatches
        // them)
        assertThat(backfills.transition(
                        backfill, EnumSet.of(BackfillStatus.RUNNING), BackfillStatus.CANCELED, Instant.now()))
                .isTrue();
        assertThat(runsOf(backfill)).containsEntry(RunStatus.QUEUED, 3L);

        recoverAfterThisNodeDied();

        assertThat(runsOf(backfill)).containsOnlyKeys(RunStatus.CANCELED);
        assertThat(assetState.activePartitions(DAILY)).noneMatch(p -> p.startsWith("2024-04-"));
    }

    @Test
    void aRunWhosePublishIsInTheLakeEndsSuccessWithItsMaterializationWatermarkAndAudit() {
        String run = Runs.launch(
                "{\"assets\": [\"test/landed\"], \"config\": {\"load\": \"R1\"}, \"reason\": \"recovery test\"}");
        assertThat(queue.claimAll(List.of(run), Instant.now())).hasSize(1);
        // the step's publish committed in the lake; then the process died before the store heard of it
        publish(
                new TableSpec("test_landed", WriteMode.append("load_id"), List.of()),
                run,
                Optional.empty(),
                "SELECT 'R1' AS load_id, i AS n FROM range(2) t(i)",
                "wm-after-R1");

        recoverAfterThisNodeDied();

        Run ended = history.find(run).orElseThrow();
        assertThat(ended.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(ended.steps()).extracting(RunStep::status).containsExactly(RunStatus.SUCCESS);
        assertThat(ended.rowsWritten()).isEqualTo(2);
        assertThat(events.materializations(run)).singleElement().satisfies(m -> {
            assertThat(m.asset()).isEqualTo(LANDED);
            assertThat(m.rowsWritten()).isEqualTo(2);
            assertThat(m.metadataJson()).contains("\"recovered\":true");
        });
        assertThat(events.lastMaterialization(LANDED).orElseThrow().runId()).isEqualTo(run);
        assertThat(assetState.watermark(LANDED, null)).contains("wm-after-R1");
        assertThat(assetState.activePartitions(LANDED)).isEmpty();
        assertThat(audit.forRun(run))
                .filteredOn(e -> e.action() == AuditAction.RUN_RECOVERED)
                .singleElement()
                .satisfies(e -> {
                    assertThat(e.detail())
                            .containsEntry("status", "SUCCESS")
                            .containsEntry("recovered", true)
                            .containsEntry("reconciledFrom", "lake write log");
                });
        assertThat(events.logs(run, 0, 100)).anyMatch(l -> l.message().contains("recovered"));
    }

    @Test
    void aBackfillRunWithSomePublishesInTheLakeFailsKeepsThemAndIsQueuedAgain() {
        String backfill = Backfills.launch(
                "{\"assets\": [\"test/landed_daily\"], \"partitions\": [\"2024-05-01\", \"2024-05-02\"], "
                        + "\"singleRun\": true, \"reason\": \"recovery test\"}");
        String run = claimOnlyRunOf(backfill);
        publish(
                new TableSpec("test_landed_daily", WriteMode.append("load_id"), List.of()),
                run,
                Optional.of("2024-05-01"),
                "SELECT '2024-05-01/1' AS load_id, DATE '2024-05-01' AS day, i AS n FROM range(3) t(i)",
                null);

        recoverAfterThisNodeDied();

        Run ended = history.find(run).orElseThrow();
        assertThat(ended.status()).isEqualTo(RunStatus.FAILURE);
        assertThat(events.materializations(run))
                .extracting(Materialization::partition)
                .containsExactly("2024-05-01");
        assertThat(assetState.partitionOutcomes(LANDED_DAILY))
                .containsEntry("2024-05-01", "MATERIALIZED")
                .as("the partition the run died on failed, as one its compute fails")
                .containsEntry("2024-05-02", "FAILED");
        assertThat(runsOf(backfill)).containsEntry(RunStatus.FAILURE, 1L).containsEntry(RunStatus.QUEUED, 1L);
        // the run queued again takes the dead run's place among the backfill's partitions (its page names both)
        List<PartitionRow> partitions = backfillRuns.after(backfill, -1, Optional.empty(), 10);
        assertThat(partitions).extracting(PartitionRow::partition).containsExactly("2024-05-01", "2024-05-02");
        assertThat(partitions).allSatisfy(p -> {
            assertThat(p.runId()).isNotEqualTo(run);
            assertThat(p.previousRunId()).isEqualTo(run);
            assertThat(p.attempt()).isEqualTo(2);
        });
        List<AuditEvent> recovered = audit.forRun(run).stream()
                .filter(e -> e.action() == AuditAction.RUN_RECOVERED)
                .toList();
        assertThat(recovered)
                .singleElement()
                .satisfies(e -> assertThat(e.detail())
                        .containsEntry("status", "FAILURE")
                        .containsEntry("recovered", false)
                        .containsEntry("recoveredMaterializations", 1));
    }

    @Test
    void theRetryOfADeadBackfillRunQueuesBehindALaunchThatWaitedForItsPartition() {
        String backfill = Backfills.launch("{\"assets\": [\"test/landed_daily\"], \"partitions\": [\"2024-06-01\"], "
                + "\"reason\": \"recovery test\"}");
        String dead = claimOnlyRunOf(backfill);
        // launched by hand while the backfill's run held the day: it waits behind that run
        String manual = Runs.launch("{\"assets\": [\"test/landed_daily\"], \"partitions\": [\"2024-06-01\"], "
                + "\"reason\": \"by hand\"}");
        assertThat(queue.queuePlace(manual).ahead())
                .extracting(QueuePlace.Waited::runId)
                .containsExactly(dead);

        recoverAfterThisNodeDied();

        assertThat(history.find(dead).orElseThrow().status()).isEqualTo(RunStatus.FAILURE);
        List<Run> queued = history.list(
                new RunQuery(Optional.of(RunStatus.QUEUED), Optional.empty(), Optional.of(backfill), true, 10));
        assertThat(queued).as("the dead run's retry").hasSize(1);
        QueuePlace retry = queue.queuePlace(queued.get(0).id());
        assertThat(retry.ahead())
                .as("behind the launch that came first")
                .extracting(QueuePlace.Waited::runId)
                .containsExactly(manual);
        assertThat(history.find(manual).orElseThrow().status()).isEqualTo(RunStatus.QUEUED);
    }

    private void publish(TableSpec table, String runId, Optional<String> partition, String select, String watermark) {
        Staging staging = lake.stage(table, runId, partition);
        try {
            staging.rows(select);
            assertThat(staging.publish(false, watermark).published()).isTrue();
        } finally {
            staging.close();
        }
    }

    /** A node on another host that is alive: it renews its lease. */
    private String aliveNodeElsewhere() throws SQLException {
        String id = UUID.randomUUID().toString();
        try (Connection c = store.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO node (id, name, host, data_dir, pid, version, "
                        + "executes, serves, workers, state, started_at, heartbeat_at, lease_until) VALUES "
                        + "(?, 'b', 'host-b', '/srv/b', 4242, 'test', TRUE, TRUE, 4, 'RUNNING', "
                        + "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")) {
            ps.setString(1, id);
            ps.executeUpdate();
        }
        return id;
    }

    private void own(String runId, String node) throws SQLException {
        try (Connection c = store.getConnection();
                PreparedStatement ps = c.prepareStatement("UPDATE run SET owner_node = ? WHERE id = ?")) {
            ps.setString(1, node);
            ps.setString(2, runId);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }

    @Test
    void aStartedRunOfALiveNodeIsUntouchedByAnotherNodesStartAlsoWithoutExecution() throws SQLException {
        String backfill = Backfills.launch(
                "{\"assets\": [\"test/daily\"], \"ranges\": [{\"start\": \"2024-07-01\", \"end\": \"2024-07-02\"}], "
                        + "\"singleRun\": true, \"reason\": \"a live node executes it\"}");
        String run = claimOnlyRunOf(backfill);
        String b = aliveNodeElsewhere();
        own(run, b);

        executor.onStart(null);
        assertThat(history.find(run).orElseThrow().status())
                .as("a node that does not execute (execute=false here) settles nothing at its start")
                .isEqualTo(RunStatus.STARTED);

        recovery.recover();
        assertThat(history.find(run).orElseThrow().status())
                .as("a start settles only its own earlier starts' runs, never those of a live node")
                .isEqualTo(RunStatus.STARTED);
        assertThat(runsOf(backfill)).containsOnlyKeys(RunStatus.STARTED);
        assertThat(assetState.activePartitions(DAILY)).contains("2024-07-01");

        recovery.recover(Set.of(b));
        assertThat(history.find(run).orElseThrow().status())
                .as("once b is known dead, its run is settled")
                .isEqualTo(RunStatus.FAILURE);
    }
}
