package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.CheckResult;
import io.sluice.runs.AssetState;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.QueuedRun;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What the contracts of the storage ports share, each run by a subclass per backend (H2, PostgreSQL). Runs are
 * stored as QUEUED with an asset key unique to each test, so no worker of the app picks them up
 * (they are never submitted) and tests do not see each other's rows.
 */
public abstract class StorePortContract {

    @Inject
    protected RunQueue queue;

    @Inject
    protected RunHistory history;

    @Inject
    protected RunEventLog events;

    @Inject
    protected AssetState assets;

    @Inject
    protected AuditLog audit;

    @Inject
    protected ActiveStore active;

    protected abstract String expectedBackend();

    protected final Instant t0 =
            Instant.parse("2030-01-01T00:00:00Z").plus((long) (Math.random() * 1_000_000), ChronoUnit.SECONDS);

    protected Run newRun(AssetKey... assets) {
        List<RunStep> steps = new ArrayList<>();
        for (int i = 0; i < assets.length; i++) {
            steps.add(RunStep.queued(i, assets[i]));
        }
        return new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.SINGLE_KEY,
                List.of(assets),
                List.of("k1", "k2"),
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
                steps,
                RunKind.MATERIALIZE,
                null,
                null,
                Map.of());
    }

    protected static AssetKey uniqueAsset() {
        return AssetKey.of("contract", "a" + UUID.randomUUID().toString().replace("-", ""));
    }

    @Test
    void runsOnTheExpectedBackend() {
        assertThat(active.backend()).isEqualTo(expectedBackend());
    }

    protected RecordedCheck check(
            String runId, AssetKey asset, String partition, String name, AssetCheck.Severity severity, boolean passed) {
        return new RecordedCheck(
                runId,
                asset,
                partition,
                t0,
                new CheckResult(
                        name,
                        severity,
                        passed,
                        passed ? "0" : "3",
                        "0",
                        passed ? List.of() : List.of(Map.of("id", 1)),
                        passed ? "no violating rows" : "3 violating rows"));
    }

    protected List<String> queuedIds() {
        return queue.nextQueued(10_000).stream().map(QueuedRun::id).toList();
    }

    protected Run partitionedRun(AssetKey asset, String... partitions) {
        return new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.FULL_REFRESH,
                List.of(asset),
                List.of(),
                List.of(partitions),
                "{}",
                null,
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
                null,
                Map.of());
    }
}
