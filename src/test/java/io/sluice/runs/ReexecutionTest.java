package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class ReexecutionTest {

    private static final AssetKey EXTRACT = AssetKey.parse("extract/a");
    private static final AssetKey RAW = AssetKey.parse("raw/a");
    private static final AssetKey MART = AssetKey.parse("mart/a");
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
    private static final Predicate<AssetKey> PARTITIONED = k -> !k.equals(MART);
    private static final Map<String, Object> CONFIG =
            Map.of("extract/a", Map.of("firms", 10), "raw/a", Map.of(), "mart/a", Map.of("minOrders", 2));

    @Test
    void allRepeatsTheStoredRequestTaggedWithTheRunItReexecutesWithoutItsOrigin() {
        Run run = run(RunStatus.SUCCESS, RunKind.MATERIALIZE, RunStatus.SUCCESS, RunStatus.SUCCESS, RunStatus.SUCCESS);
        RunRequest request = Reexecution.request(run, Reexecution.Scope.ALL, CONFIG, PARTITIONED, "alice", null);
        assertThat(request.assets()).containsExactly("extract/a", "raw/a", "mart/a");
        assertThat(request.mode()).isEqualTo(MaterializationMode.SINGLE_KEY);
        assertThat(request.keys()).containsExactly("k1");
        assertThat(request.partitions()).containsExactly("2024-01-01", "2024-01-02");
        assertThat(request.config()).isEqualTo(CONFIG);
        assertThat(request.launchedBy()).isEqualTo("alice");
        assertThat(request.reason()).isEqualTo("re-execution of run " + RunIds.shortForm(run.id()));
        assertThat(request.tags())
                .containsExactlyInAnyOrderEntriesOf(Map.of(Reexecution.OF, run.id(), Reexecution.SCOPE, "all"));
    }

    @Test
    void failedTakesOnlyTheStepsThatDidNotSucceedWithTheirOwnConfig() {
        Run run = run(RunStatus.FAILURE, RunKind.MATERIALIZE, RunStatus.SUCCESS, RunStatus.FAILURE, RunStatus.CANCELED);
        RunRequest request =
                Reexecution.request(run, Reexecution.Scope.FAILED, CONFIG, PARTITIONED, "bob", "fixed the source");
        assertThat(request.assets()).containsExactly("raw/a", "mart/a");
        assertThat(request.config()).isEqualTo(Map.of("raw/a", Map.of(), "mart/a", Map.of("minOrders", 2)));
        assertThat(request.reason()).isEqualTo("fixed the source");
        assertThat(request.tags()).containsEntry(Reexecution.SCOPE, "failed");

        Run lastFailed =
                run(RunStatus.FAILURE, RunKind.MATERIALIZE, RunStatus.SUCCESS, RunStatus.SUCCESS, RunStatus.FAILURE);
        RunRequest one = Reexecution.request(lastFailed, Reexecution.Scope.FAILED, CONFIG, PARTITIONED, "bob", null);
        assertThat(one.assets()).containsExactly("mart/a");
        assertThat(one.config()).as("one asset: its own config").isEqualTo(Map.of("minOrders", 2));
    }

    @Test
    void failedStepsOfUnpartitionedAssetsTakeNoPartitionsFromAMixedRun() {
        // extract and raw are partitioned, the mart is not: a run of all three over two days whose mart was canceled
        Run mixed =
                run(RunStatus.CANCELED, RunKind.MATERIALIZE, RunStatus.SUCCESS, RunStatus.SUCCESS, RunStatus.CANCELED);
        RunRequest failed = Reexecution.request(mixed, Reexecution.Scope.FAILED, CONFIG, PARTITIONED, "carol", null);
        assertThat(failed.assets()).containsExactly("mart/a");
        assertThat(failed.partitions()).as("the mart is not partitioned").isEmpty();

        RunRequest all = Reexecution.request(mixed, Reexecution.Scope.ALL, CONFIG, PARTITIONED, "carol", null);
        assertThat(all.partitions()).containsExactly("2024-01-01", "2024-01-02");

        Run rawFailed =
                run(RunStatus.FAILURE, RunKind.MATERIALIZE, RunStatus.SUCCESS, RunStatus.FAILURE, RunStatus.SKIPPED);
        assertThat(Reexecution.request(rawFailed, Reexecution.Scope.FAILED, CONFIG, PARTITIONED, "carol", null)
                        .partitions())
                .as("raw is partitioned: its partitions go again, the mart reads them")
                .containsExactly("2024-01-01", "2024-01-02");
    }

    @Test
    void theScopeIsReadInAnyCaseAndAnythingElseIsRefusedNamingIt() {
        assertThat(Reexecution.Scope.parse(" failed ")).isEqualTo(Reexecution.Scope.FAILED);
        assertThat(Reexecution.Scope.parse("All")).isEqualTo(Reexecution.Scope.ALL);
        assertThatThrownBy(() -> Reexecution.Scope.parse("some"))
                .isInstanceOfSatisfying(
                        RequestRejected.Invalid.class,
                        e -> assertThat(e.field()).isEqualTo("scope"))
                .hasMessageContaining("ALL")
                .hasMessageContaining("FAILED");
        assertThatThrownBy(() -> Reexecution.Scope.parse(null)).isInstanceOf(RequestRejected.Invalid.class);
    }

    @Test
    void refusesARunThatHasNotEndedARollbackAndFailedOfARunThatSucceeded() {
        assertThatThrownBy(() -> Reexecution.request(
                        run(
                                RunStatus.STARTED,
                                RunKind.MATERIALIZE,
                                RunStatus.SUCCESS,
                                RunStatus.STARTED,
                                RunStatus.QUEUED),
                        Reexecution.Scope.ALL,
                        CONFIG,
                        PARTITIONED,
                        "a",
                        null))
                .isInstanceOf(RequestRejected.Conflict.class)
                .hasMessageContaining("once it has ended");
        assertThatThrownBy(() -> Reexecution.request(
                        run(
                                RunStatus.SUCCESS,
                                RunKind.ROLLBACK,
                                RunStatus.SUCCESS,
                                RunStatus.SUCCESS,
                                RunStatus.SUCCESS),
                        Reexecution.Scope.ALL,
                        CONFIG,
                        PARTITIONED,
                        "a",
                        null))
                .isInstanceOf(RequestRejected.Invalid.class)
                .hasMessageContaining("rollback");
        assertThatThrownBy(() -> Reexecution.request(
                        run(
                                RunStatus.SUCCESS,
                                RunKind.MATERIALIZE,
                                RunStatus.SUCCESS,
                                RunStatus.SUCCESS,
                                RunStatus.SUCCESS),
                        Reexecution.Scope.FAILED,
                        CONFIG,
                        PARTITIONED,
                        "a",
                        null))
                .isInstanceOf(RequestRejected.Conflict.class)
                .hasMessageContaining("no failed step");
    }

    private static Run run(RunStatus status, RunKind kind, RunStatus... steps) {
        List<AssetKey> assets = List.of(EXTRACT, RAW, MART);
        List<RunStep> stepList = new java.util.ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            stepList.add(new RunStep(i, assets.get(i), steps[i], T, T, 0, 0, 0, null));
        }
        return new Run(
                RunIds.next(T),
                status,
                MaterializationMode.SINGLE_KEY,
                assets,
                List.of("k1"),
                List.of("2024-01-01", "2024-01-02"),
                "{}",
                "first",
                "web-ui",
                T,
                T,
                T,
                0,
                0,
                0,
                null,
                false,
                stepList,
                kind,
                null,
                "group-1",
                Map.of("sluice/schedule", "daily"));
    }
}
