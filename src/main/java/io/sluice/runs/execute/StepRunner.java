package io.sluice.runs.execute;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.MaterializeResult;
import io.sluice.catalog.PartitionRange;
import io.sluice.lake.CheckResult;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeInterrupted;
import io.sluice.lake.Publication;
import io.sluice.lake.PublishRecords;
import io.sluice.lake.RunLake;
import io.sluice.lake.Staging;
import io.sluice.lake.TableOutput;
import io.sluice.lake.TableSpec;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.MaterializedPartitions;
import io.sluice.runs.Plural;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RollbackDownstream;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunSettings;
import io.sluice.runs.RunStatus;
import io.sluice.runs.launch.ConfigBinder;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Materializes one asset of a run, partition by partition. Keyed assets get their mode resolved into
 * batches of keys by {@link KeyResolver}; the loop below is the same for every mode.
 */
@ApplicationScoped
class StepRunner {

    private final AssetCatalog catalog;
    private final AssetState assets;
    private final RunEventLog events;
    private final ConfigBinder binder;
    private final Lake lake;
    private final InstantSource clock;
    private final RunSettings settings;
    private final ObjectMapper mapper;
    private final MaterializedPartitions materialized;
    private final RollbackDownstream downstream;

    private final RunMetrics metrics;

    StepRunner(
            AssetCatalog catalog,
            AssetState assets,
            RunEventLog events,
            ConfigBinder binder,
            Lake lake,
            InstantSource clock,
            RunSettings settings,
            ObjectMapper mapper,
            MaterializedPartitions materialized,
            RollbackDownstream downstream,
            RunMetrics metrics) {
        this.metrics = metrics;
        this.materialized = materialized;
        this.downstream = downstream;
        this.catalog = catalog;
        this.assets = assets;
        this.events = events;
        this.binder = binder;
        this.lake = lake;
        this.clock = clock;
        this.settings = settings;
        this.mapper = mapper;
    }

    /**
     * Hears a step's totals so far while it runs: keys processed, batches and rows written, after each batch of keys and
     * each partition (or range) written but the last. The worker journals them as the step's state, stored at the
     * journal's flush pace: no transaction of its own, and nothing at all for a step of one partition in one batch.
     */
    @FunctionalInterface
    interface Progress {
        Progress NONE = (keys, batches, rows) -> {};

        void report(long keys, long batches, long rows);
    }

    /**
     * Runs the step; its log lines and materialization events go to the group's journal. Its lake work goes through a
     * lake of the run's, so that a cancel of the run interrupts the statement it runs: the step then ends CANCELED, as
     * it does when a cancel is seen between batches.
     */
    StepOutcome run(Run run, AssetKey key, JsonNode config, GroupJournal journal) {
        return run(run, key, config, journal, Progress.NONE);
    }

    StepOutcome run(Run run, AssetKey key, JsonNode config, GroupJournal journal, Progress progress) {
        Asset<?> asset = catalog.find(key).orElse(null);
        StoredRunLogger log = new StoredRunLogger(journal, clock, run.id(), key);
        if (asset == null) {
            String error = "asset " + key + " is no longer in the catalog";
            log.error(error);
            return new StepOutcome(RunStatus.FAILURE, 0, 0, 0, error);
        }
        try (RunLake runLake = lake.forRun(run.id())) {
            if (run.kind() == RunKind.ROLLBACK) {
                return new RollbackStep(runLake, clock, downstream, this::json).run(run, asset.spec(), log, journal);
            }
            return runTyped(run, asset, config, log, journal, runLake, progress);
        } catch (UpstreamMissing e) {
            log.error(e.getMessage());
            // a partition that holds data keeps its status (nothing of it was touched); the others failed
            Set<String> held = run.partitions().isEmpty()
                    ? Set.of()
                    : new UpstreamRecords(journal, materialized).materializedAmong(key, run.partitions());
            return StepOutcome.notComputed(
                    e.getMessage(),
                    run.partitions().stream().filter(p -> !held.contains(p)).toList());
        } catch (StepFailed e) {
            log.error(e.getMessage());
            return new StepOutcome(RunStatus.FAILURE, 0, 0, 0, e.getMessage());
        } catch (RunCanceled e) {
            log.warn("canceled between batches");
            return StepOutcome.of(RunStatus.CANCELED);
        } catch (Exception | LinkageError e) {
            if (interrupted(e)) {
                log.warn("canceled: the lake statement it was running was interrupted and rolled back");
                return StepOutcome.of(RunStatus.CANCELED);
            }
            log.error("failed: " + e);
            return new StepOutcome(RunStatus.FAILURE, 0, 0, 0, stackTrace(e));
        }
    }

    /** Whether the lake stopped the step's work for a cancel (the asset may have wrapped what the lake threw). */
    private static boolean interrupted(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof LakeInterrupted) {
                return true;
            }
        }
        return false;
    }

    private <C extends Record> StepOutcome runTyped(
            Run run,
            Asset<C> asset,
            JsonNode configNode,
            StoredRunLogger log,
            GroupJournal journal,
            RunLake runLake,
            Progress progress)
            throws Exception {
        AssetSpec<C> spec = asset.spec();
        checkUpstream(run, spec, journal);
        C config = binder.bind(spec, configNode, "config");
        boolean keyed = asset instanceof KeyedAsset<C>;
        List<Optional<PartitionRange>> units = PartitionUnits.of(
                spec.partitions().isPartitioned(),
                spec.processesRanges() && !keyed,
                run.partitions(),
                spec.partitions().at(clock.instant()));
        long keys = 0;
        long batches = 0;
        long rows = 0;
        int unitsDone = 0;
        for (Optional<PartitionRange> range : units) {
            long keysBefore = keys;
            long batchesBefore = batches;
            long rowsBefore = rows;
            Progress inUnit = (k, b, r) -> progress.report(keysBefore + k, batchesBefore + b, rowsBefore + r);
            // one partition: its key; a range of several: first...last, as the write log, staging and events name it
            String partition = range.map(PartitionRange::toString).orElse(null);
            long started = System.nanoTime();
            Optional<Staging> staging =
                    spec.table().map(t -> runLake.stage(t, run.id(), Optional.ofNullable(partition)));
            PartitionOutcome outcome;
            Optional<RunRecords> storedWithPublish = Optional.empty();
            try {
                RunAssetContext<C> context = new RunAssetContext<>(
                        run.id(),
                        spec.key(),
                        config,
                        range,
                        log,
                        runLake,
                        staging.map(TableOutput.class::cast),
                        () -> journal.isCancelRequested(run.id()));
                outcome = keyed
                        ? processKeys(run, (KeyedAsset<C>) asset, context, partition, journal, inUnit)
                        : new PartitionOutcome(
                                asset.materialize(context), 0, 1, new KeySelection(List.of(), Optional.empty(), true));
                if (staging.isPresent()) {
                    boolean complete =
                            outcome.selection().complete() && !spec.partitions().isPartitioned();
                    String watermark = outcome.selection().watermarkOnSuccess().orElse(null);
                    if (runLake.sharesStore()
                            && journal.unstoredWatermark(spec.key(), partition == null ? "" : partition)
                                    .isPresent()) {
                        journal.flush(); // an older unstored watermark of this partition must not land after the
                        // publish's
                    }
                    PartitionOutcome computed = outcome;
                    RecordsWithPublish withPublish = new RecordsWithPublish(
                            journal, run.id(), p -> records(run, spec, range, computed.published(p), started));
                    outcome = outcome.published(
                            publish(run, spec, partition, staging.get(), complete, watermark, withPublish, log));
                    storedWithPublish = withPublish.stored();
                }
            } finally {
                staging.ifPresent(Staging::close);
            }
            RunRecords records;
            if (storedWithPublish.isPresent()) {
                // stored in the publish's own transaction (the lake is in the store's database)
                records = storedWithPublish.get();
                journal.storedWithPublish(records);
            } else {
                records = records(run, spec, range, outcome, started);
                journal.add(records);
            }
            Materialization materialization = records.materializations().get(0);
            log.info("materialized"
                    + range.map(r -> r.size() == 1 ? " partition " + r : " partitions " + r + " (" + r.size() + ")")
                            .orElse("")
                    + ": " + Plural.of(materialization.rowsWritten(), "row", "rows") + " written in "
                    + materialization.durationMs() + " ms");
            keys += outcome.keys();
            batches += outcome.batches();
            rows += materialization.rowsWritten();
            if (++unitsDone < units.size()) {
                progress.report(keys, batches, rows);
            }
        }
        return new StepOutcome(RunStatus.SUCCESS, keys, batches, rows, null);
    }

    /**
     * The records of one materialization: the watermark change it leaves (before the materialization, so that they are
     * stored together: a flush in between stores the watermark first, and recovery records the materialization and the
     * same watermark from the lake's write log) and the materialization itself.
     */
    private RunRecords records(
            Run run, AssetSpec<?> spec, Optional<PartitionRange> range, PartitionOutcome outcome, long started) {
        String partition = range.map(PartitionRange::toString).orElse(null);
        RunRecords records = new RunRecords();
        outcome.selection()
                .watermarkOnSuccess()
                .ifPresent(w -> records.watermark(new RunRecords.WatermarkChange(
                        spec.key(), partition == null ? "" : partition, w, run.id(), clock.instant())));
        MaterializeResult result = outcome.result();
        if (range.isPresent() && range.get().size() > 1) {
            result = result.withMetadata("partition_count", range.get().size());
        }
        records.materialized(new Materialization(
                run.id(),
                spec.key(),
                partition,
                clock.instant(),
                result.rowsWritten(),
                outcome.keys(),
                outcome.batches(),
                (System.nanoTime() - started) / 1_000_000,
                json(result)));
        return records;
    }

    /**
     * Fails the step before it computes when what it reads upstream was not materialized ({@link UpstreamCheck}), with
     * a sentence instead of the engine's words about a missing table. What this run's upstream steps (and earlier runs
     * of its group) recorded counts before it is stored.
     */
    private void checkUpstream(Run run, AssetSpec<?> spec, GroupJournal journal) {
        UpstreamCheck.Records records = new UpstreamRecords(journal, materialized);
        UpstreamCheck.missing(
                        spec,
                        run.partitions(),
                        catalog.graph().upstreamOf(spec.key()),
                        k -> catalog.find(k).map(Asset::spec),
                        records,
                        clock.instant())
                .ifPresent(why -> {
                    throw new UpstreamMissing(why);
                });
    }

    /** What the step reads upstream was not materialized: it fails before its compute starts. */
    private static final class UpstreamMissing extends RuntimeException {
        UpstreamMissing(String message) {
            super(message, null, false, false);
        }
    }

    /** Checks and publishes the staged rows; a rejected batch or a failed blocking check fails the step. */
    private Publication publish(
            Run run,
            AssetSpec<?> spec,
            String partition,
            Staging staging,
            boolean complete,
            String watermark,
            PublishRecords withPublish,
            StoredRunLogger log) {
        TableSpec table = spec.table().orElseThrow();
        // the watermark goes into the lake's write log with the write: start-up recovery stores it if the process dies
        // before
        // the store hears of the publish
        long publishing = System.nanoTime();
        Publication publication = staging.publish(complete, watermark, withPublish);
        metrics.lakeWrite(spec.key().toString(), Duration.ofNanos(System.nanoTime() - publishing));
        metrics.checked(spec.key().toString(), publication.checks());
        events.recordChecks(publication.checks().stream()
                .map(c -> new RecordedCheck(run.id(), spec.key(), partition, clock.instant(), c))
                .toList());
        for (CheckResult check : publication.checks()) {
            String line =
                    "check " + check.name() + " (" + check.severity() + "): " + (check.passed() ? "passed" : "FAILED")
                            + ", " + check.message() + "; expected " + check.threshold();
            if (check.passed()) {
                log.info(line);
            } else {
                log.warn(line);
            }
        }
        if (!publication.published()) {
            throw new StepFailed(
                    "not published to " + table.name() + ": " + publication.rejection() + "; the table is unchanged");
        }
        log.info("published " + table.name() + " (" + table.mode().label() + (complete ? ", complete" : ", by key")
                + "): "
                + Plural.of(publication.rowsIn(), "row", "rows") + " staged, " + publication.rowsInserted()
                + " inserted, "
                + publication.rowsRemoved() + " removed or closed"
                + (publication.systemTime() == null ? "" : " at system time " + publication.systemTime()));
        return publication;
    }

    private record PartitionOutcome(MaterializeResult result, long keys, long batches, KeySelection selection) {
        PartitionOutcome published(Publication p) {
            MaterializeResult r = new MaterializeResult(p.rowsChanged(), result.metadata())
                    .withMetadata("rows_staged", p.rowsIn())
                    .withMetadata("rows_inserted", p.rowsInserted())
                    .withMetadata("rows_removed", p.rowsRemoved())
                    .withMetadata("current_rows", p.currentRows());
            if (p.systemTime() != null) {
                r = r.withMetadata("system_time", p.systemTime().toString());
            }
            return new PartitionOutcome(r, keys, batches, selection);
        }
    }

    private <C extends Record> PartitionOutcome processKeys(
            Run run,
            KeyedAsset<C> asset,
            AssetContext<C> context,
            String partition,
            GroupJournal journal,
            Progress progress)
            throws Exception {
        AssetKey key = context.assetKey();
        // what this group stored last, or did not store yet (an earlier run of the group, or a rollback of this one)
        Optional<String> last =
                journal.unstoredWatermark(key, partition).orElseGet(() -> assets.watermark(key, partition));
        KeySelection selection = KeyResolver.resolve(run.mode(), run.keys(), last, new KeyResolver.KeySource() {
            @Override
            public List<String> allKeys() throws Exception {
                return asset.allKeys(context);
            }

            @Override
            public List<String> changedKeys(String since, String until) throws Exception {
                return asset.changedKeys(context, since, until);
            }

            @Override
            public Optional<String> currentWatermark() throws Exception {
                return asset.currentWatermark(context);
            }
        });
        List<List<String>> batches = selection.batches(settings.batchSize());
        context.log()
                .info(run.mode() + " resolved to " + Plural.of(selection.keys().size(), "key", "keys") + " in "
                        + Plural.of(batches.size(), "batch", "batches"));
        MaterializeResult total = MaterializeResult.rows(0);
        int done = 0;
        long keysDone = 0;
        for (List<String> batch : batches) {
            if (context.isCancelRequested()) {
                throw new RunCanceled();
            }
            MaterializeResult result = asset.processBatch(context, new ArrayList<>(batch));
            total = total.plus(result);
            keysDone += batch.size();
            if (++done < batches.size()) {
                progress.report(keysDone, done, total.rowsWritten());
            }
            context.log()
                    .info("batch " + done + "/" + batches.size() + ": " + Plural.of(batch.size(), "key", "keys") + ", "
                            + Plural.of(result.rowsWritten(), "row", "rows"));
        }
        return new PartitionOutcome(total, selection.keys().size(), batches.size(), selection);
    }

    private String json(MaterializeResult result) {
        try {
            return mapper.writeValueAsString(result.metadata());
        } catch (JsonProcessingException e) {
            return "{\"error\":\"metadata is not serializable\"}";
        }
    }

    static String stackTrace(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
