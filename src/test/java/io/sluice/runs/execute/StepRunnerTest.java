package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeInterrupted;
import io.sluice.lake.RunLake;
import io.sluice.runs.AssetState;
import io.sluice.runs.Fence;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.MaterializedPartitions;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunSettings;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.runs.launch.ConfigBinder;
import io.sluice.testing.Fake;
import jakarta.validation.Validator;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** One asset step of a run, with fakes of the store and the lake and a clock the test sets: no Quarkus, no database. */
class StepRunnerTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final AssetKey PLAIN = AssetKey.parse("test/plain");
    private static final AssetKey KEYED = AssetKey.parse("test/keyed");

    private final AtomicReference<Instant> now = new AtomicReference<>(NOW);
    private final InstantSource clock = now::get;
    private final AtomicInteger lakesClosed = new AtomicInteger();
    private final AtomicBoolean cancelRequested = new AtomicBoolean();
    private final ObjectMapper mapper = new ObjectMapper();

    private final RunQueue store = Fake.of(RunQueue.class, Map.of("isCancelRequested", args -> cancelRequested.get()));
    private final RunEventLog events = Fake.of(RunEventLog.class, Map.of());
    private final AssetState assetState = Fake.of(AssetState.class, Map.of("watermark", args -> Optional.of("w1")));
    private final RunLake runLake = Fake.of(RunLake.class, Map.of("close", args -> {
        lakesClosed.incrementAndGet();
        return null;
    }));
    private final Lake lake = Fake.of(Lake.class, Map.of("forRun", args -> runLake));
    private final RunSettings settings = Fake.of(RunSettings.class, Map.of("batchSize", args -> 2));
    private final Validator validator = Fake.of(Validator.class, Map.of("validate", args -> Set.of()));
    private final MaterializedPartitions materialized = Fake.of(MaterializedPartitions.class, Map.of());
    private final AuditLog audit = Fake.of(AuditLog.class, Map.of());

    private StepRunner runner(Asset<?>... assets) {
        return new StepRunner(
                AssetCatalog.of(List.of(assets)),
                assetState,
                events,
                new ConfigBinder(mapper, validator),
                lake,
                clock,
                settings,
                mapper,
                materialized,
                null,
                new RunMetrics(new SimpleMeterRegistry()));
    }

    private GroupJournal journal(Run run) {
        // an hour between flushes: nothing is stored, all stays in the journal to read
        return new GroupJournal(
                store,
                audit,
                Fence.of("node-a", run.id(), 1),
                List.of(run.id()),
                3_600_000,
                Runnable::run,
                System::nanoTime);
    }

    private static Run run(MaterializationMode mode, List<String> keys, AssetKey asset) {
        return new Run(
                "run-1",
                RunStatus.STARTED,
                mode,
                List.of(asset),
                keys,
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
                List.of(RunStep.queued(0, asset)),
                RunKind.MATERIALIZE,
                null,
                null,
                Map.of());
    }

    private static Asset<AssetSpec.NoConfig> plain(MaterializeWork work) {
        AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder(PLAIN.toString()).build();
        return new Asset<>() {
            @Override
            public AssetSpec<AssetSpec.NoConfig> spec() {
                return spec;
            }

            @Override
            public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) throws Exception {
                return work.materialize(context);
            }
        };
    }

    interface MaterializeWork {
        MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) throws Exception;
    }

    /** A keyed asset with keys a..e; each batch writes a row per key and records the batch it saw. */
    private static class Letters implements KeyedAsset<AssetSpec.NoConfig> {
        final AssetSpec<AssetSpec.NoConfig> spec =
                AssetSpec.builder(KEYED.toString()).build();
        final List<List<String>> batches = new ArrayList<>();

        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return spec;
        }

        @Override
        public List<String> allKeys(AssetContext<AssetSpec.NoConfig> context) {
            return List.of("a", "b", "c", "d", "e");
        }

        @Override
        public List<String> changedKeys(AssetContext<AssetSpec.NoConfig> context, String since, String until) {
            return List.of("c");
        }

        @Override
        public Optional<String> currentWatermark(AssetContext<AssetSpec.NoConfig> context) {
            return Optional.of("w2");
        }

        @Override
        public MaterializeResult processBatch(AssetContext<AssetSpec.NoConfig> context, List<String> keys) {
            batches.add(List.copyOf(keys));
            return MaterializeResult.rows(keys.size());
        }
    }

    private static List<String> messages(GroupJournal journal) {
        return journal.unstored().logs().stream()
                .map(l -> l.level() + " " + l.message())
                .toList();
    }

    @Test
    void aPlainAssetSucceedsWithItsRowsAndJournalsItsMaterializationAtTheClocksTime() {
        Run run = run(MaterializationMode.FULL_REFRESH, List.of(), PLAIN);
        GroupJournal journal = journal(run);
        now.set(NOW.plusSeconds(30));
        StepOutcome outcome = runner(plain(c -> MaterializeResult.rows(7))).run(run, PLAIN, null, journal);

        assertThat(outcome.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(outcome.rowsWritten()).isEqualTo(7);
        assertThat(journal.unstored().materializations()).singleElement().satisfies(m -> {
            assertThat(m.asset()).isEqualTo(PLAIN);
            assertThat(m.ts()).isEqualTo(NOW.plusSeconds(30));
            assertThat(m.rowsWritten()).isEqualTo(7);
        });
        assertThat(journal.unstored().logs()).allSatisfy(l -> assertThat(l.ts()).isEqualTo(NOW.plusSeconds(30)));
        assertThat(messages(journal))
                .anySatisfy(m -> assertThat(m).startsWith("INFO materialized: 7 rows written in "));
        assertThat(lakesClosed).as("the run's lake is closed after the step").hasValue(1);
    }

    @Test
    void anAssetThatThrowsFailsTheStepWithItsStackTraceAndTheLakeIsClosed() {
        Run run = run(MaterializationMode.FULL_REFRESH, List.of(), PLAIN);
        GroupJournal journal = journal(run);
        StepOutcome outcome = runner(plain(c -> {
                    throw new IllegalStateException("source is down");
                }))
                .run(run, PLAIN, null, journal);

        assertThat(outcome.status()).isEqualTo(RunStatus.FAILURE);
        assertThat(outcome.error())
                .startsWith("java.lang.IllegalStateException: source is down")
                .contains("\tat ");
        assertThat(messages(journal)).contains("ERROR failed: java.lang.IllegalStateException: source is down");
        assertThat(journal.unstored().materializations()).isEmpty();
        assertThat(lakesClosed).hasValue(1);
    }

    @Test
    void anInterruptedLakeStatementEndsTheStepCanceledEvenWrappedByTheAsset() {
        Run run = run(MaterializationMode.FULL_REFRESH, List.of(), PLAIN);
        GroupJournal journal = journal(run);
        StepOutcome outcome = runner(plain(c -> {
                    throw new RuntimeException("wrapped", new LakeInterrupted("interrupted", null));
                }))
                .run(run, PLAIN, null, journal);

        assertThat(outcome.status()).isEqualTo(RunStatus.CANCELED);
        assertThat(messages(journal))
                .contains("WARN canceled: the lake statement it was running was interrupted and rolled back");
    }

    @Test
    void anAssetNoLongerInTheCatalogFailsWithoutTouchingTheLake() {
        Run run = run(MaterializationMode.FULL_REFRESH, List.of(), PLAIN);
        GroupJournal journal = journal(run);
        StepOutcome outcome = runner().run(run, PLAIN, null, journal);

        assertThat(outcome.status()).isEqualTo(RunStatus.FAILURE);
        assertThat(outcome.error()).isEqualTo("asset test/plain is no longer in the catalog");
        assertThat(lakesClosed).hasValue(0);
    }

    @Test
    void aKeyedAssetGetsItsKeysInBatchesOfTheConfiguredSizeAndTheWatermarkIsSavedAtTheClocksTime() {
        Letters letters = new Letters();
        Run run = run(MaterializationMode.FULL_REFRESH, List.of(), KEYED);
        GroupJournal journal = journal(run);
        StepOutcome outcome = runner(letters).run(run, KEYED, null, journal);

        assertThat(letters.batches).containsExactly(List.of("a", "b"), List.of("c", "d"), List.of("e"));
        assertThat(outcome.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(outcome.keyCount()).isEqualTo(5);
        assertThat(outcome.batchCount()).isEqualTo(3);
        assertThat(outcome.rowsWritten()).isEqualTo(5);
        assertThat(watermarks(journal))
                .as("journaled with the materialization, stored in its transaction")
                .containsExactly("test/keyed@w2 by run-1 at " + NOW);
        assertThat(messages(journal)).contains("INFO FULL_REFRESH resolved to 5 keys in 3 batches");
    }

    @Test
    void anIncrementalRunProcessesOnlyWhatChangedSinceTheStoredWatermark() {
        Letters letters = new Letters();
        Run run = run(MaterializationMode.INCREMENTAL, List.of(), KEYED);
        StepOutcome outcome = runner(letters).run(run, KEYED, null, journal(run));

        assertThat(letters.batches).containsExactly(List.of("c"));
        assertThat(outcome.keyCount()).isEqualTo(1);
    }

    @Test
    void aCancelSeenBetweenBatchesEndsTheStepCanceledBeforeTheNextBatch() {
        Letters letters = new Letters() {
            @Override
            public MaterializeResult processBatch(AssetContext<AssetSpec.NoConfig> context, List<String> keys) {
                cancelRequested.set(true);
                return super.processBatch(context, keys);
            }
        };
        Run run = run(MaterializationMode.FULL_REFRESH, List.of(), KEYED);
        GroupJournal journal = journal(run);
        StepOutcome outcome = runner(letters).run(run, KEYED, null, journal);

        assertThat(outcome.status()).isEqualTo(RunStatus.CANCELED);
        assertThat(letters.batches).containsExactly(List.of("a", "b"));
        assertThat(watermarks(journal)).as("a canceled step moves no watermark").isEmpty();
        assertThat(messages(journal)).contains("WARN canceled between batches");
    }

    private static List<String> watermarks(GroupJournal journal) {
        return journal.unstored().watermarks().stream()
                .map(w -> w.asset() + "@" + w.value() + " by " + w.runId() + " at " + w.ts())
                .toList();
    }
}
