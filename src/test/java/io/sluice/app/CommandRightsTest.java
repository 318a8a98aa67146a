package io.sluice.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import io.sluice.automation.schedule.ScheduleViews;
import io.sluice.automation.sensor.SensorService;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillRequest;
import io.sluice.catalog.AssetKey;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.Role;
import io.sluice.lake.RollbackTarget;
import io.sluice.pools.PoolService;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunRequest;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Every command refuses a caller whose roles do not allow it, before anything is stored (no run, no backfill, no audit
 * event, no switch, no limit, no key), and records an allowed caller's name as the actor, whatever the request names.
 */
@QuarkusTest
class CommandRightsTest {

    static final String SET = "test_regions";
    static final String POOL = "slow";

    @Inject
    RunCommands runs;

    @Inject
    BackfillCommands backfills;

    @Inject
    RollbackCommands rollbacks;

    @Inject
    AutomationCommands automation;

    @Inject
    PoolCommands pools;

    @Inject
    PartitionCommands partitions;

    @Inject
    ScheduleViews schedules;

    @Inject
    SensorService sensors;

    @Inject
    PoolService poolLimits;

    @Inject
    DataSource dataSource;

    static Caller viewer(String name) {
        return new Caller(name, Caller.Identified.CLAIMED, List.of(Grant.everywhere(Role.VIEWER)));
    }

    static Caller operatorOf(String name, String group) {
        return new Caller(name, Caller.Identified.CLAIMED, List.of(Grant.inGroup(Role.OPERATOR, group)));
    }

    static Caller operator(String name) {
        return new Caller(name, Caller.Identified.CLAIMED, List.of(Grant.everywhere(Role.OPERATOR)));
    }

    static final Caller ADMIN = Caller.claimed("test", "rights-admin");

    static RunRequest runOf(String day) {
        return new RunRequest(
                List.of("test/daily"), MaterializationMode.INCREMENTAL, List.of(), List.of(day), Map.of(), null, null);
    }

    static BackfillRequest backfillOf(String from, String to) {
        return new BackfillRequest(
                List.of("test/daily"),
                List.of(new BackfillRequest.Range(from, to)),
                List.of(),
                false,
                MaterializationMode.INCREMENTAL,
                List.of(),
                Map.of(),
                "rights test",
                1,
                false,
                null,
                0,
                false,
                null);
    }

    /** Each command a caller without the role calls, with what it asks. */
    private List<Map.Entry<String, ThrowingCallable>> everyCommand(Caller caller, String runId, String backfillId) {
        String schedule = schedules.all().get(0).spec().name();
        String sensor = sensors.list().get(0).spec().name();
        return List.of(
                Map.entry("launch a run", () -> runs.launch(caller, runOf("2024-11-01"))),
                Map.entry("cancel a run", () -> runs.cancel(caller, runId, "no")),
                Map.entry("re-execute a run", () -> runs.reexecute(caller, runId, "ALL", "no")),
                Map.entry("launch a backfill", () -> backfills.launch(caller, backfillOf("2024-11-01", "2024-11-02"))),
                Map.entry("pause a backfill", () -> backfills.pause(caller, backfillId, "no")),
                Map.entry("resume a backfill", () -> backfills.resume(caller, backfillId, "no")),
                Map.entry("cancel a backfill", () -> backfills.cancel(caller, backfillId, "no")),
                Map.entry("retry a backfill", () -> backfills.retryFailed(caller, backfillId, "no")),
                Map.entry(
                        "roll back",
                        () -> rollbacks.rollback(
                                caller,
                                AssetKey.parse("test/daily"),
                                RollbackTarget.toRun(runId),
                                Optional.empty(),
                                "no")),
                Map.entry(
                        "undo a run",
                        () -> rollbacks.rollback(
                                caller,
                                AssetKey.parse("test/daily"),
                                RollbackTarget.beforeRun(runId),
                                Optional.empty(),
                                "no")),
                Map.entry("start a schedule", () -> automation.startSchedule(caller, schedule, "no")),
                Map.entry("stop a schedule", () -> automation.stopSchedule(caller, schedule, "no")),
                Map.entry("start a sensor", () -> automation.startSensor(caller, sensor, "no")),
                Map.entry("stop a sensor", () -> automation.stopSensor(caller, sensor, "no")),
                Map.entry("set a pool limit", () -> pools.setLimit(caller, POOL, 3, false, "no")),
                Map.entry("remove a pool limit", () -> pools.removeLimit(caller, POOL)),
                Map.entry(
                        "add partition keys",
                        () -> partitions.addKeys(caller, SET, List.of(caller.name() + "-key"), "no")),
                Map.entry(
                        "remove partition keys",
                        () -> partitions.removeKeys(caller, SET, List.of(caller.name() + "-key"), "no")));
    }

    private record Made(String run, String backfill) {}

    private Made made() throws Exception {
        Run run = runs.launch(ADMIN, runOf("2024-10-01"));
        Runs.await(run.id());
        Backfill b = backfills
                .launch(ADMIN, backfillOf("2024-10-02", "2024-10-03"))
                .backfill()
                .orElseThrow();
        return new Made(run.id(), b.id());
    }

    @Test
    void aViewerMayChangeNothingAndNothingIsStored() throws Exception {
        Made made = made();
        String before = switches();
        Map<String, Integer> limits = poolLimits.limits();
        Caller vera = viewer("vera-viewer");
        for (Map.Entry<String, ThrowingCallable> c : everyCommand(vera, made.run(), made.backfill())) {
            assertThatThrownBy(c.getValue())
                    .as(c.getKey())
                    .isInstanceOf(NotAllowed.class)
                    .hasMessageContaining("vera-viewer may not");
        }
        assertNothingStoredBy("vera-viewer");
        assertThat(switches()).as("no schedule or sensor switched").isEqualTo(before);
        assertThat(poolLimits.limits()).as("no pool limit changed").isEqualTo(limits);
    }

    @Test
    void anOperatorOfAnotherGroupIsRefusedOnTheAssetsOutsideItNamingThem() throws Exception {
        Made made = made();
        Caller fin = operatorOf("fin-operator", "finance");
        List<Map.Entry<String, ThrowingCallable>> scoped =
                everyCommand(fin, made.run(), made.backfill()).subList(0, 10);
        for (Map.Entry<String, ThrowingCallable> c : scoped) {
            assertThatThrownBy(c.getValue())
                    .as(c.getKey())
                    .isInstanceOf(NotAllowed.class)
                    .hasMessageContaining("test/daily")
                    .satisfies(e -> assertThat(((NotAllowed) e).asset()).hasValue("test/daily"));
        }
        assertNothingStoredBy("fin-operator");
    }

    @Test
    void anOperatorMayNotDoWhatNeedsAnAdmin() throws Exception {
        Made made = made();
        Map<String, Integer> limits = poolLimits.limits();
        Caller otto = operator("otto-operator");
        List<String> adminOnly =
                List.of("roll back", "undo a run", "set a pool limit", "remove a pool limit", "remove partition keys");
        for (Map.Entry<String, ThrowingCallable> c : everyCommand(otto, made.run(), made.backfill())) {
            if (adminOnly.contains(c.getKey())) {
                assertThatThrownBy(c.getValue())
                        .as(c.getKey())
                        .isInstanceOf(NotAllowed.class)
                        .hasMessageContaining("admin role");
            }
        }
        assertNothingStoredBy("otto-operator");
        assertThat(poolLimits.limits()).isEqualTo(limits);
    }

    @Test
    void previewsAreReadsThatEveryRoleMayDoButACallerWithoutAnyRoleMayNot() throws Exception {
        Made made = made();
        Caller vera = viewer("vera-previewer");
        assertThat(runs.preview(vera, runOf("2024-11-05")).assets()).containsExactly(AssetKey.parse("test/daily"));
        assertThat(backfills
                        .preview(vera, backfillOf("2024-11-05", "2024-11-06"))
                        .runs())
                .hasSize(2);
        assertNothingStoredBy("vera-previewer");

        Caller nobody = new Caller("nobody", Caller.Identified.CLAIMED, List.of());
        assertThatThrownBy(() -> runs.preview(nobody, runOf("2024-11-05"))).isInstanceOf(NotAllowed.class);
        assertThatThrownBy(() -> backfills.preview(nobody, backfillOf("2024-11-05", "2024-11-06")))
                .isInstanceOf(NotAllowed.class);
        assertThatThrownBy(() -> rollbacks.preview(nobody, "test_daily", RollbackTarget.toRun(made.run())))
                .isInstanceOf(NotAllowed.class)
                .satisfies(e -> assertThat(((NotAllowed) e).action()).isEqualTo(Action.READ));
    }

    @Test
    void theCallersNameIsTheActorWhateverTheRequestNames() throws Exception {
        Caller olga = operatorOf("olga-operator", "test");
        RunRequest naming = new RunRequest(
                List.of("test/daily"),
                MaterializationMode.INCREMENTAL,
                List.of(),
                List.of("2024-10-20"),
                Map.of(),
                null,
                "mallory");
        Run run = runs.launch(olga, naming);
        assertThat(run.launchedBy()).isEqualTo("olga-operator");
        Runs.await(run.id());
        Run again = runs.reexecute(olga, run.id(), "ALL", "again");
        assertThat(again.launchedBy()).isEqualTo("olga-operator");
        Runs.await(again.id());

        BackfillRequest backfill = backfillOf("2024-10-21", "2024-10-22");
        Backfill b = backfills
                .launch(
                        olga,
                        new BackfillRequest(
                                backfill.assets(),
                                backfill.ranges(),
                                backfill.partitions(),
                                false,
                                backfill.mode(),
                                backfill.keys(),
                                backfill.config(),
                                backfill.reason(),
                                1,
                                false,
                                null,
                                0,
                                true, // a launch command launches, whatever the request says
                                "mallory"))
                .backfill()
                .orElseThrow();
        assertThat(b.launchedBy()).isEqualTo("olga-operator");
        partitions.addKeys(operator("olga-operator"), SET, List.of("olga-key"), "a new region");

        Caller ada = new Caller("ada-admin", Caller.Identified.CLAIMED, List.of(Grant.everywhere(Role.ADMIN)));
        pools.setLimit(ada, POOL, 7, false, "rights test");
        pools.removeLimit(ada, POOL);

        assertThat(count("SELECT COUNT(*) FROM run WHERE launched_by = ?", "olga-operator"))
                .isGreaterThanOrEqualTo(2);
        assertThat(count("SELECT COUNT(*) FROM backfill WHERE launched_by = ?", "olga-operator"))
                .isEqualTo(1);
        assertThat(actions("olga-operator")).contains("RUN_LAUNCHED", "BACKFILL_LAUNCHED", "PARTITION_KEYS_ADDED");
        assertThat(actions("ada-admin")).hasSize(2);
        assertThat(count("SELECT COUNT(*) FROM audit_event WHERE actor = ?", "mallory"))
                .isZero();
    }

    private void assertNothingStoredBy(String name) throws Exception {
        assertThat(count("SELECT COUNT(*) FROM run WHERE launched_by = ?", name))
                .as("runs")
                .isZero();
        assertThat(count("SELECT COUNT(*) FROM backfill WHERE launched_by = ?", name))
                .as("backfills")
                .isZero();
        assertThat(count("SELECT COUNT(*) FROM audit_event WHERE actor = ?", name))
                .as("audit events")
                .isZero();
        assertThat(count("SELECT COUNT(*) FROM dynamic_partition_key WHERE partition_key = ?", name + "-key"))
                .as("partition keys")
                .isZero();
    }

    private long count(String sql, String value) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, value);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    private List<String> actions(String actor) throws Exception {
        return rows("SELECT action FROM audit_event WHERE actor = ?", actor);
    }

    private String switches() throws Exception {
        return String.join(
                ",", rows("SELECT kind || ':' || name || ':' || status FROM automation_state ORDER BY kind, name"));
    }

    private List<String> rows(String sql, String... values) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                s.setString(i + 1, values[i]);
            }
            try (ResultSet r = s.executeQuery()) {
                List<String> out = new ArrayList<>();
                while (r.next()) {
                    out.add(r.getString(1));
                }
                return out;
            }
        }
    }
}
