package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Fence;
import io.sluice.runs.Materialization;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunLimits;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.runs.Scope;
import io.sluice.testing.PostgresProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * What the stores tell the other nodes, on PostgreSQL: runs queued ({@code q:<group>}), a flush's ends and
 * materializations ({@code e:<assets>}, {@code m:<asset>}) and limits changed ({@code l}), each sent in the writing
 * transaction, so heard on commit and never on rollback.
 */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresRunSignalsTest extends StorePortContract {

    @Inject
    RunLimits limits;

    @ConfigProperty(name = "quarkus.datasource.\"pg\".jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.\"pg\".username")
    String user;

    @ConfigProperty(name = "quarkus.datasource.\"pg\".password")
    String password;

    @Override
    protected String expectedBackend() {
        return "postgresql";
    }

    @Test
    void runsQueuedAndLimitsChangedAreHeardOnCommitOnly() throws Exception {
        try (Connection listener = listen()) {
            String kept = UUID.randomUUID().toString();
            String rolledBack = UUID.randomUUID().toString();
            assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
                        queue.createAll(List.of(grouped(uniqueAsset(), rolledBack)));
                        throw new IllegalStateException("rolled back");
                    }))
                    .hasMessageContaining("rolled back");
            queue.createAll(List.of(grouped(uniqueAsset(), kept), grouped(uniqueAsset(), kept)));
            String pool = "p" + UUID.randomUUID().toString().replace("-", "");
            limits.set(Scope.POOL, pool, 2, t0);
            limits.remove(Scope.POOL, pool);

            List<String> heard = heard(listener, "q:" + kept, "l");
            assertThat(heard).contains("q:" + kept, "l").doesNotContain("q:" + rolledBack);
        }
    }

    @Test
    void aFlushTellsOfItsEndsAndMaterializations() throws Exception {
        try (Connection listener = listen()) {
            AssetKey a = uniqueAsset();
            Run run = newRun(a);
            queue.createAll(List.of(run));
            Fence fence = queue.claimGroup(List.of(run.id()), t0).fence();
            RunRecords records = new RunRecords();
            records.step(run.id(), new RunStep(0, a, RunStatus.SUCCESS, t0, t0.plusSeconds(1), 2, 1, 2, null));
            records.materialized(new Materialization(run.id(), a, null, t0.plusSeconds(1), 2, 2, 1, 1000, "{}"));
            records.ended(
                    run,
                    new RunRecords.RunEnd(run.id(), RunStatus.SUCCESS, t0.plusSeconds(1), 2, 1, 2, null),
                    AuditEvent.of(
                            t0.plusSeconds(1),
                            "sluice",
                            AuditAction.RUN_FINISHED,
                            run.id(),
                            a.toString(),
                            null,
                            Map.of()));
            assertThat(queue.record(records, fence)).isEmpty();

            assertThat(heard(listener, "e:" + a, "m:" + a)).contains("e:" + a, "m:" + a);
        }
    }

    private Connection listen() throws SQLException {
        Connection c = DriverManager.getConnection(url, user, password);
        try (Statement s = c.createStatement()) {
            s.execute("LISTEN sluice");
        }
        return c;
    }

    /** The payloads heard until all of {@code expected} were (or 30 s passed: a bound, not a speed target). */
    private static List<String> heard(Connection listener, String... expected) throws SQLException {
        List<String> heard = new ArrayList<>();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        PGConnection pg = listener.unwrap(PGConnection.class);
        while (System.nanoTime() < until && !heard.containsAll(List.of(expected))) {
            PGNotification[] notifications = pg.getNotifications(500);
            if (notifications != null) {
                for (PGNotification n : notifications) {
                    heard.add(n.getParameter());
                }
            }
        }
        // what a rolled-back transaction would have sent came before; give stragglers a moment anyway
        PGNotification[] late = pg.getNotifications(500);
        if (late != null) {
            for (PGNotification n : late) {
                heard.add(n.getParameter());
            }
        }
        return heard;
    }

    private Run grouped(AssetKey asset, String group) {
        return new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.SINGLE_KEY,
                List.of(asset),
                List.of("k1"),
                List.of(),
                "{\"a\":{}}",
                "because",
                "tester",
                t0,
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                List.of(RunStep.queued(0, asset)),
                RunKind.MATERIALIZE,
                null,
                group,
                Map.of());
    }
}
