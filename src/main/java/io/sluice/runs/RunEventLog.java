package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The storage port for what runs reported: log lines, materialization events and check results. */
public interface RunEventLog {

    void appendLog(String runId, Instant ts, String level, AssetKey asset, String message);

    List<LogLine> logs(String runId, long afterId, int limit);

    void recordMaterialization(Materialization materialization);

    List<Materialization> materializations(String runId);

    Optional<Materialization> lastMaterialization(AssetKey asset);

    /** The newest materialization of each of the assets, in one read (assets never materialized are absent). */
    Map<AssetKey, Materialization> lastMaterializations(Collection<AssetKey> assets);

    /**
     * At most {@code limit} materialization events of {@code assets} with an id above {@code afterId}, in id order (a
     * reader's cursor); the events of other assets are not read at all (one index range per asset).
     */
    List<SequencedMaterialization> materializationsAfter(long afterId, Collection<AssetKey> assets, int limit);

    /** The id of the newest materialization event, 0 if there is none. */
    long lastMaterializationId();

    void recordChecks(List<RecordedCheck> checks);

    List<RecordedCheck> checks(String runId);

    /**
     * At most {@code limit} check results of the run, failures of blocking checks first, then failed warnings, then
     * passes (each in the order they were recorded).
     */
    List<RecordedCheck> checksFailuresFirst(String runId, int limit);

    /** How many check results of the run passed, failed (blocking) and failed as warnings. */
    CheckCounts checkCounts(String runId);

    /** Check results of one run by outcome. */
    record CheckCounts(long passed, long failed, long warnings) {
        public long total() {
            return passed + failed + warnings;
        }
    }

    /** The check results of the asset's latest run that ran checks. */
    List<RecordedCheck> latestChecks(AssetKey asset);

    /**
     * {@link #latestChecks} of each of the assets, in one read: the checks of the latest run that checked each, in the
     * order they were recorded (assets never checked are absent).
     */
    Map<AssetKey, List<RecordedCheck>> latestChecks(Collection<AssetKey> assets);

    /** The asset's latest {@code limit} materialization events, newest first (the asset page's history). */
    List<Materialization> materializationHistory(AssetKey asset, int limit);

    /** The asset's latest {@code limit} check results, newest first, whichever runs recorded them. */
    List<RecordedCheck> checkHistory(AssetKey asset, int limit);
}
