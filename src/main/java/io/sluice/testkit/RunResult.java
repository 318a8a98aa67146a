package io.sluice.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.CheckResult;
import io.sluice.lake.LakeWrite;
import io.sluice.runs.Materialization;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.Run;
import io.sluice.runs.RunStatus;
import java.util.List;
import java.util.Map;

/**
 * What a run launched by {@link MaterializeRequest#run()} did, read once it ended: the stored run (status, error, keys,
 * batches, rows written), its materializations with their metadata, its check results and the lake writes it published
 * (rows staged and changed by each).
 */
public record RunResult(
        Run run, List<Materialization> materializations, List<RecordedCheck> checks, List<LakeWrite> writes) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public RunResult {
        materializations = List.copyOf(materializations);
        checks = List.copyOf(checks);
        writes = List.copyOf(writes);
    }

    public String id() {
        return run.id();
    }

    public RunStatus status() {
        return run.status();
    }

    /** Why it failed, or null. */
    public String error() {
        return run.error();
    }

    /** The keys it processed, over every step. */
    public long keyCount() {
        return run.keyCount();
    }

    public long batchCount() {
        return run.batchCount();
    }

    public long rowsWritten() {
        return run.rowsWritten();
    }

    /** Rows the run's writes staged (what the assets handed the lake), over every write it published. */
    public long rowsStaged() {
        return writes.stream().mapToLong(LakeWrite::rowsIn).sum();
    }

    /** Rows staged by the writes of one lake table. */
    public long rowsStaged(String table) {
        return writes.stream()
                .filter(w -> w.table().equals(table))
                .mapToLong(LakeWrite::rowsIn)
                .sum();
    }

    /** The metadata the asset returned with its (first) materialization in this run; empty if it has none. */
    public Map<String, Object> metadata(String asset) {
        AssetKey key = AssetKey.parse(asset);
        return materializations.stream()
                .filter(m -> m.asset().equals(key))
                .findFirst()
                .map(m -> parse(m.metadataJson()))
                .orElse(Map.of());
    }

    /** The results of the checks of one asset. */
    public List<CheckResult> checks(String asset) {
        AssetKey key = AssetKey.parse(asset);
        return checks.stream()
                .filter(c -> c.asset().equals(key))
                .map(RecordedCheck::result)
                .toList();
    }

    /** The checks that did not pass, of every asset. */
    public List<CheckResult> failedChecks() {
        return checks.stream()
                .map(RecordedCheck::result)
                .filter(c -> !c.passed())
                .toList();
    }

    private static Map<String, Object> parse(String json) {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        try {
            return JSON.readValue(json, new TypeReference<Map<String, Object>>() {});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the metadata of a materialization is not a JSON object: " + json, e);
        }
    }
}
