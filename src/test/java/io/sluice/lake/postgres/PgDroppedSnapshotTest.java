package io.sluice.lake.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.Sql;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.rollback.LakeRollback;
import io.sluice.lake.engine.rollback.RollbackSession;
import io.sluice.testing.EmbeddedPg;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A snapshot that another node's expiry drops after a rollback found it in the write log and before the rollback reads
 * it: the rollback is refused with the sentence of an expired state, as if the expiry had come first, not failed.
 */
class PgDroppedSnapshotTest {

    private static final TableSpec TABLE = new TableSpec("rb_dropped", WriteMode.upsert("id"), List.of());

    private PgLake lake;

    @BeforeEach
    void open() {
        String url = EmbeddedPg.freshDatabase("lake_dropped");
        lake = new PgLake(
                        PgConnections.pool(url, EmbeddedPg.USER, EmbeddedPg.USER, 4),
                        PgSettings.of("lake"),
                        Clock.systemUTC())
                .open();
    }

    @AfterEach
    void close() {
        lake.close();
    }

    private void publish(String run, String select) {
        Staging staging = lake.stage(TABLE, run, Optional.empty());
        try {
            staging.rows(select);
            assertThat(staging.publish(false).published()).isTrue();
        } finally {
            staging.close();
        }
    }

    @Test
    void aSnapshotDroppedBetweenTheCheckAndTheReadIsRefusedAsExpired() {
        publish("r1", "SELECT CAST(1 AS BIGINT) AS id, CAST('a' AS VARCHAR) AS v");
        publish("r2", "SELECT CAST(1 AS BIGINT) AS id, CAST('b' AS VARCHAR) AS v");
        RollbackTarget target = RollbackTarget.toRun("r1");
        assertThat(lake.rollbackProblem(TABLE, target, Optional.empty())).isEmpty();
        String snapshot = lake.read(s -> s.queryStrings("SELECT snapshot FROM __sluice_writes WHERE run_id = 'r1'"))
                .get(0);
        AtomicBoolean dropped = new AtomicBoolean();

        RollbackOutcome outcome = LakeRollback.outcome(
                TABLE,
                "x1",
                () -> DroppedSnapshots.refusedWhenExpired(
                        () -> lake.inTransaction(Optional.of(TABLE.name()), db -> {
                            LakeRollback rollback = new LakeRollback(
                                    TABLE,
                                    PgWriter.of(TABLE.mode(), Clock.systemUTC()).rollback(),
                                    Clock.systemUTC(),
                                    Duration.ofDays(7));
                            rollback.prepare(db);
                            return rollback.apply(
                                    expiringBeforeRead(db, snapshot, dropped),
                                    target,
                                    "x1",
                                    Optional.empty(),
                                    Optional.empty());
                        }),
                        () -> lake.rollbackProblem(TABLE, target, Optional.empty())));

        assertThat(dropped)
                .as("the snapshot was dropped between the check and the read")
                .isTrue();
        assertThat(outcome.publication().published()).isFalse();
        assertThat(outcome.publication().rejection())
                .contains("no longer kept")
                .contains("r1")
                .contains("sluice.lake.snapshot-retention");
        assertThat(lake.rollbackProblem(TABLE, target, Optional.empty()))
                .hasValueSatisfying(
                        p -> assertThat(p).isEqualTo(outcome.publication().rejection()));
    }

    /**
     * {@code db}, except that right before it first reads {@code snapshot} (its columns or its rows) another transaction
     * drops it as an expiry does (the table and its name in the write log, at once).
     */
    private RollbackSession expiringBeforeRead(PgSession db, String snapshot, AtomicBoolean dropped) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            boolean readsSnapshot = args != null
                    && args.length == 1
                    && (args[0] instanceof Sql sql ? sql.text().contains(snapshot) : snapshot.equals(args[0]));
            if (readsSnapshot && dropped.compareAndSet(false, true)) {
                lake.inTransaction(Optional.empty(), other -> {
                    other.execute("DROP TABLE " + snapshot);
                    return other.execute("UPDATE __sluice_writes SET snapshot = NULL WHERE snapshot = ?", snapshot);
                });
            }
            try {
                return method.invoke(db, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (RollbackSession) Proxy.newProxyInstance(
                RollbackSession.class.getClassLoader(), new Class<?>[] {RollbackSession.class}, handler);
    }
}
