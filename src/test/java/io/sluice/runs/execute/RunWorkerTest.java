package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.runs.ClaimedRuns;
import io.sluice.runs.Fence;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunSettings;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.testing.Fake;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** A claimed group's runs, step by step, with fakes of the store and the step runner and a clock the test sets. */
class RunWorkerTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final AssetKey A = AssetKey.parse("test/a");
    private static final AssetKey B = AssetKey.parse("test/b");

    private final AtomicReference<Instant> now = new AtomicReference<>(NOW);
    private final InstantSource clock = now::get;
    private final Map<String, Run> queued = new HashMap<>();
    private final Set<String> canceled = new HashSet<>();
    private final List<RunRecords> recorded = new ArrayList<>();
    private final List<AuditEvent> audited = new ArrayList<>();
    private final AtomicInteger transactions = new AtomicInteger();

    private final RunQueue store = Fake.of(
            RunQueue.class,
            Map.of(
                    "claimGroup",
                            args -> {
                                @SuppressWarnings("unchecked")
                                List<String> ids = (List<String>) args[0];
                                List<Run> runs = ids.stream()
                                        .filter(queued::containsKey)
                                        .map(queued::remove)
                                        .toList();
                                Map<String, Long> epochs = new HashMap<>();
                                runs.forEach(r -> epochs.put(r.id(), 1L));
                                return new ClaimedRuns(runs, new Fence("node-a", epochs));
                            },
                    "record",
                            args -> {
                                recorded.add((RunRecords) args[0]);
                                return Set.of();
                            },
                    "isCancelRequested", args -> canceled.contains((String) args[0]),
                    "cancelRequested", args -> Set.copyOf(canceled)));
    private final AuditLog audit = Fake.of(AuditLog.class, Map.of("recordAll", args -> {
        @SuppressWarnings("unchecked")
        List<AuditEvent> events = (List<AuditEvent>) args[0];
        audited.addAll(events);
        return null;
    }));
    private final RunSettings settings = Fake.of(RunSettings.class, Map.of("flushMillis", args -> 1_000L));

    /** How each asset's step ends, and the steps the worker ran, in order. */
    private final Map<AssetKey, Supplier<StepOutcome>> outcomes = new HashMap<>();

    private final List<String> ran = new ArrayList<>();
    private final StepRunner steps = new StepRunner(null, null, null, null, null, null, null, null, null, null, null) {
        @Override
        StepOutcome run(Run run, AssetKey key, JsonNode config, GroupJournal journal, Progress progress) {
            ran.add(run.id() + ":" + key);
            now.set(now.get().plusSeconds(1));
            return outcomes.getOrDefault(key, () -> new StepOutcome(RunStatus.SUCCESS, 0, 1, 10, null))
                    .get();
        }
    };

    private static Asset<AssetSpec.NoConfig> asset(AssetSpec<AssetSpec.NoConfig> spec) {
        return new Asset<>() {
            @Override
            public AssetSpec<AssetSpec.NoConfig> spec() {
                return spec;
            }

            @Override
            public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
                throw new AssertionError("the fake step runner materializes nothing");
            }
        };
    }

    private final RunWorker worker =
            new RunWorker(
                    store,
                    steps,
                    AssetCatalog.of(List.of(
                            asset(AssetSpec.builder(A.toString()).build()),
                            asset(AssetSpec.builder(B.toString())
                                    .deps(A.toString())
                                    .build()))),
                    audit,
                    new RunMetrics(new SimpleMeterRegistry()),
                    clock,
                    new ObjectMapper(),
                    settings) {
                @Override
                <T> T inNewTransaction(Supplier<T> work) {
                    transactions.incrementAndGet();
                    return work.get();
                }
            };

    /** A queued run, held by the fake store as its claim returns it (STARTED). */
    private Run queue(String id, AssetKey... assets) {
        List<RunStep> runSteps = new ArrayList<>();
        for (int i = 0; i < assets.length; i++) {
            runSteps.add(RunStep.queued(i, assets[i]));
        }
        return queue(id, runSteps, assets);
    }

    /** A queued run whose steps are stored as given (a run handed back keeps its steps stored SUCCESS). */
    private Run queue(String id, List<RunStep> runSteps, AssetKey... assets) {
        Run run = new Run(
                id,
                RunStatus.STARTED,
                MaterializationMode.FULL_REFRESH,
                List.of(assets),
                List.of(),
                List.of(),
                "{}",
                "test",
                "tester",
                NOW,
                NOW,
                null,
                0,
                0,
                0,
                null,
                false,
                runSteps,
                RunKind.MATERIALIZE,
                null,
                null,
                Map.of());
        queued.put(id, run);
        return run;
    }

    private List<RunRecords.RunEnd> execute(String... ids) {
        return worker.execute(List.of(ids), (run, millis) -> {});
    }

    private List<RunStep> storedSteps(String runId) {
        Map<Integer, RunStep> latest = new HashMap<>();
        for (RunRecords r : recorded) {
            r.steps().stream()
                    .filter(s -> s.runId().equals(runId))
                    .forEach(s -> latest.put(s.step().index(), s.step()));
        }
        return latest.values().stream()
                .sorted(Comparator.comparingInt(RunStep::index))
                .toList();
    }

    private List<String> log(String runId) {
        return recorded.stream()
                .flatMap(r -> r.logs().stream())
                .filter(l -> l.runId().equals(runId))
                .map(RunRecords.LogRecord::message)
                .toList();
    }

    @Test
    void aRunOfTwoStepsSucceedsWithTheirCountsAndEndsAtTheClocksTime() {
        queue("r1", A, B);
        List<RunRecords.RunEnd> ends = execute("r1");

        assertThat(ran).containsExactly("r1:test/a", "r1:test/b");
        assertThat(ends).singleElement().satisfies(e -> {
            assertThat(e.status()).isEqualTo(RunStatus.SUCCESS);
            assertThat(e.rowsWritten()).isEqualTo(20);
            assertThat(e.batchCount()).isEqualTo(2);
            assertThat(e.endedAt()).isEqualTo(NOW.plusSeconds(2));
        });
        assertThat(storedSteps("r1")).extracting(RunStep::status).containsExactly(RunStatus.SUCCESS, RunStatus.SUCCESS);
        assertThat(storedSteps("r1").get(1).startedAt()).isEqualTo(NOW.plusSeconds(1));
        assertThat(log("r1")).first().isEqualTo("started FULL_REFRESH of 2 asset(s): test");
        assertThat(log("r1")).last().isEqualTo("finished SUCCESS: 0 keys, 2 batches, 20 rows written");
        assertThat(audited).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo(AuditAction.RUN_FINISHED);
            assertThat(a.ts()).isEqualTo(NOW.plusSeconds(2));
        });
    }

    @Test
    void aFailedUpstreamSkipsItsDownstreamAndTheRunFailsNamingTheStep() {
        queue("r1", A, B);
        outcomes.put(A, () -> new StepOutcome(RunStatus.FAILURE, 0, 0, 0, "boom"));
        List<RunRecords.RunEnd> ends = execute("r1");

        assertThat(ran).containsExactly("r1:test/a");
        assertThat(storedSteps("r1")).extracting(RunStep::status).containsExactly(RunStatus.FAILURE, RunStatus.SKIPPED);
        assertThat(storedSteps("r1").get(1).startedAt())
                .as("a skipped step never started")
                .isNull();
        assertThat(log("r1")).contains("skipped: upstream test/a ended FAILURE");
        assertThat(ends).singleElement().satisfies(e -> {
            assertThat(e.status()).isEqualTo(RunStatus.FAILURE);
            assertThat(e.error()).isEqualTo("test/a: boom");
        });
    }

    @Test
    void aCancelAskedForBeforeAStepCancelsItAndEveryStepAfter() {
        queue("r1", A, B);
        canceled.add("r1");
        List<RunRecords.RunEnd> ends = execute("r1");

        assertThat(ran).isEmpty();
        assertThat(storedSteps("r1"))
                .extracting(RunStep::status)
                .containsExactly(RunStatus.CANCELED, RunStatus.CANCELED);
        assertThat(ends).extracting(RunRecords.RunEnd::status).containsExactly(RunStatus.CANCELED);
    }

    @Test
    void aRunThatFailsOutsideItsStepsEndsFailureAndTheGroupGoesOn() {
        queue("r1", A);
        queue("r2", A);
        AtomicInteger calls = new AtomicInteger();
        outcomes.put(A, () -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("the lake went away");
            }
            return new StepOutcome(RunStatus.SUCCESS, 0, 1, 1, null);
        });
        List<RunRecords.RunEnd> ends = execute("r1", "r2");

        assertThat(ends)
                .extracting(RunRecords.RunEnd::runId, RunRecords.RunEnd::status)
                .containsExactly(Tuple.tuple("r1", RunStatus.FAILURE), Tuple.tuple("r2", RunStatus.SUCCESS));
        assertThat(ends.get(0).error())
                .isEqualTo("Sluice could not execute this run: java.lang.IllegalStateException: the lake went away");
    }

    @Test
    void runsAnotherWorkerOrACancelClaimedFirstAreLeftOut() {
        queue("r1", A);
        List<RunRecords.RunEnd> ends = execute("r1", "gone");

        assertThat(ends).extracting(RunRecords.RunEnd::runId).containsExactly("r1");
        assertThat(execute("r1")).as("claimed already: nothing to do").isEmpty();
        assertThat(ran).containsExactly("r1:test/a");
    }

    @Test
    void aGroupOfSeveralRunsIsStoredTogetherAtItsEnd() {
        queue("r1", A);
        queue("r2", A);
        queue("r3", A);
        execute("r1", "r2", "r3");
        // the claim, then one flush at the group's end (within the flush interval)
        assertThat(transactions).hasValue(2);
        assertThat(recorded).singleElement().satisfies(r -> assertThat(r.ends()).hasSize(3));
    }

    @Test
    void aHandedBackRunSkipsItsStepsStoredSuccessAndRunsTheRest() {
        queue(
                "r1",
                List.of(
                        new RunStep(0, A, RunStatus.SUCCESS, NOW, NOW.plusSeconds(5), 3, 1, 30, null),
                        RunStep.queued(1, B)),
                A,
                B);
        List<RunRecords.RunEnd> ends = execute("r1");

        assertThat(ran).as("the step stored SUCCESS is not run twice").containsExactly("r1:test/b");
        assertThat(storedSteps("r1"))
                .as("the stored SUCCESS step is left as stored")
                .extracting(RunStep::index, RunStep::status)
                .containsExactly(Tuple.tuple(1, RunStatus.SUCCESS));
        assertThat(ends).singleElement().satisfies(e -> {
            assertThat(e.status()).isEqualTo(RunStatus.SUCCESS);
            assertThat(e.rowsWritten()).as("its totals count the step it kept").isEqualTo(40);
        });
        assertThat(log("r1")).contains("already materialized by this run before it was handed back: not run again");
    }

    @Test
    void aRunStoppedByADrainIsHandedBackInsteadOfEnded() {
        queue("r1", A, B);
        outcomes.put(A, () -> {
            worker.handBack(List.of("r1"), "drained");
            return StepOutcome.of(RunStatus.CANCELED);
        });
        List<RunRecords.RunEnd> ends = execute("r1");

        assertThat(ends).as("no end is stored").isEmpty();
        assertThat(ran).containsExactly("r1:test/a");
        assertThat(recorded.stream().flatMap(r -> r.handBacks().stream()))
                .extracting(RunRecords.HandBack::runId)
                .containsExactly("r1");
        assertThat(recorded.stream().flatMap(r -> r.ends().stream())).isEmpty();
        assertThat(audited).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo(AuditAction.RUN_HANDED_BACK);
            assertThat(a.detail()).containsEntry("node", "node-a");
        });
        assertThat(log("r1")).last().asString().startsWith("handed back to the queue by node node-a");
    }

    @Test
    void runsOfAGroupNotBegunAreHandedBackAtOnceAndNeverBegin() {
        queue("r1", A);
        queue("r2", A);
        AtomicReference<Set<String>> handed = new AtomicReference<>();
        outcomes.put(A, () -> {
            handed.set(worker.handBack(List.of("r2"), "drained"));
            return new StepOutcome(RunStatus.SUCCESS, 0, 1, 1, null);
        });
        List<RunRecords.RunEnd> ends = execute("r1", "r2");

        assertThat(handed.get()).containsExactly("r2");
        assertThat(ran).containsExactly("r1:test/a");
        assertThat(ends).extracting(RunRecords.RunEnd::runId).containsExactly("r1");
        assertThat(recorded.stream().flatMap(r -> r.handBacks().stream()))
                .extracting(RunRecords.HandBack::runId)
                .containsExactly("r2");
        assertThat(worker.phases()).as("nothing in flight after the group").isEmpty();
    }

    @Test
    void aRunCanceledWhileItsDrainStopsItEndsCanceledInsteadOfGoingBack() {
        queue("r1", A, B);
        outcomes.put(A, () -> {
            worker.handBack(List.of("r1"), "drained");
            canceled.add("r1");
            return StepOutcome.of(RunStatus.CANCELED);
        });
        List<RunRecords.RunEnd> ends = execute("r1");

        assertThat(ends).extracting(RunRecords.RunEnd::status).containsExactly(RunStatus.CANCELED);
        assertThat(recorded.stream().flatMap(r -> r.handBacks().stream())).isEmpty();
    }
}
