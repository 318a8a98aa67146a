package io.sluice.runs;

import io.sluice.audit.AuditEvent;
import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What executing runs wrote, held in memory until it is stored in one transaction: log lines, step states
 * (only the latest per step), materialization events, partition outcomes, watermarks, run ends and audit events.
 */
public final class RunRecords {

    public record LogRecord(String runId, Instant ts, String level, AssetKey asset, String message) {}

    public record StepRecord(String runId, RunStep step) {}

    public record PartitionOutcome(AssetKey asset, String partition, PartitionState state, String runId, Instant ts) {}

    public record RunEnd(
            String runId,
            RunStatus status,
            Instant endedAt,
            long keyCount,
            long batchCount,
            long rowsWritten,
            String error) {}

    /**
     * An asset partition's watermark: stored ({@code value}), or removed ({@code value} null: the next INCREMENTAL run of
     * the partition starts from nothing); {@code partition} is "" for an asset that is not partitioned. With
     * {@code partition} null, every watermark of the asset is removed.
     */
    public record WatermarkChange(AssetKey asset, String partition, String value, String runId, Instant ts) {

        /** Removes every watermark of the asset. */
        public static WatermarkChange resetAll(AssetKey asset, String runId, Instant ts) {
            return new WatermarkChange(asset, null, null, runId, ts);
        }

        public boolean all() {
            return partition == null;
        }
    }

    /** An asset partition an ended run held (active_partition), released with its end by its key. */
    public record Release(String runId, AssetKey asset, String partition) {}

    private final List<LogRecord> logs = new ArrayList<>();
    private final Map<String, StepRecord> steps = new LinkedHashMap<>();
    private final List<Materialization> materializations = new ArrayList<>();
    private final List<PartitionOutcome> partitions = new ArrayList<>();
    private final List<WatermarkChange> watermarks = new ArrayList<>();
    private final List<RunEnd> ends = new ArrayList<>();
    private final List<Release> releases = new ArrayList<>();
    private final List<AuditEvent> audits = new ArrayList<>();

    public void log(LogRecord line) {
        logs.add(line);
    }

    /** A step's state; a later state of the same step replaces an earlier one not yet stored. */
    public void step(String runId, RunStep step) {
        steps.put(runId + "#" + step.index(), new StepRecord(runId, step));
    }

    public void materialized(Materialization m) {
        materializations.add(m);
    }

    public void partitions(AssetKey asset, Collection<String> keys, PartitionState state, String runId, Instant ts) {
        for (String key : keys) {
            partitions.add(new PartitionOutcome(asset, key, state, runId, ts));
        }
    }

    /** A watermark change; a later change of the same asset partition wins. */
    public void watermark(WatermarkChange change) {
        watermarks.add(change);
    }

    /** The end of {@code run}, its audit event (if any), and the release of the asset partitions it held. */
    public void ended(Run run, RunEnd end, AuditEvent audit) {
        ends.add(end);
        if (audit != null) {
            audits.add(audit);
        }
        for (AssetKey asset : run.assets()) {
            for (String partition : run.partitions().isEmpty() ? List.of("") : run.partitions()) {
                releases.add(new Release(run.id(), asset, partition));
            }
        }
    }

    public List<LogRecord> logs() {
        return logs;
    }

    public Collection<StepRecord> steps() {
        return steps.values();
    }

    public List<Materialization> materializations() {
        return materializations;
    }

    public List<PartitionOutcome> partitions() {
        return partitions;
    }

    public List<WatermarkChange> watermarks() {
        return watermarks;
    }

    /**
     * The watermark of an asset partition as the changes held here leave it: empty if none touches it, else the value
     * (null: removed).
     */
    public Optional<Optional<String>> watermark(AssetKey asset, String partition) {
        String key = partition == null ? "" : partition;
        Optional<Optional<String>> found = Optional.empty();
        for (WatermarkChange c : watermarks) {
            if (c.asset().equals(asset) && (c.all() || c.partition().equals(key))) {
                found = Optional.of(Optional.ofNullable(c.value()));
            }
        }
        return found;
    }

    public List<RunEnd> ends() {
        return ends;
    }

    public List<Release> releases() {
        return releases;
    }

    public List<AuditEvent> audits() {
        return audits;
    }

    /** The runs these records belong to. */
    public Set<String> runIds() {
        Set<String> ids = new TreeSet<>();
        logs.forEach(r -> ids.add(r.runId()));
        steps.values().forEach(r -> ids.add(r.runId()));
        materializations.forEach(r -> ids.add(r.runId()));
        partitions.forEach(r -> ids.add(r.runId()));
        watermarks.forEach(r -> ids.add(r.runId()));
        ends.forEach(r -> ids.add(r.runId()));
        releases.forEach(r -> ids.add(r.runId()));
        audits.stream().map(AuditEvent::runId).filter(Objects::nonNull).forEach(ids::add);
        return ids;
    }

    /** These records without those of the given runs (runs lost to a fence), in the same order. */
    public RunRecords without(Set<String> runs) {
        RunRecords kept = new RunRecords();
        logs.stream().filter(r -> !runs.contains(r.runId())).forEach(kept.logs::add);
        steps.forEach((k, r) -> {
            if (!runs.contains(r.runId())) {
                kept.steps.put(k, r);
            }
        });
        materializations.stream().filter(r -> !runs.contains(r.runId())).forEach(kept.materializations::add);
        partitions.stream().filter(r -> !runs.contains(r.runId())).forEach(kept.partitions::add);
        watermarks.stream().filter(r -> !runs.contains(r.runId())).forEach(kept.watermarks::add);
        ends.stream().filter(r -> !runs.contains(r.runId())).forEach(kept.ends::add);
        releases.stream().filter(r -> !runs.contains(r.runId())).forEach(kept.releases::add);
        audits.stream()
                .filter(a -> a.runId() == null || !runs.contains(a.runId()))
                .forEach(kept.audits::add);
        return kept;
    }

    public boolean isEmpty() {
        return logs.isEmpty()
                && steps.isEmpty()
                && materializations.isEmpty()
                && partitions.isEmpty()
                && watermarks.isEmpty()
                && ends.isEmpty()
                && audits.isEmpty();
    }
}
