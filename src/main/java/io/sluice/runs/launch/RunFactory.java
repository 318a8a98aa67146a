package io.sluice.runs.launch;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunIds;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The one place that builds runs: single launches, the runs of a group, rollbacks and the retries of dead runs. */
@ApplicationScoped
public class RunFactory {

    /** The tag of a retry naming the run it retries (Dagster's parent run). */
    public static final String PARENT_RUN = "sluice/parent-run";
    /** The tag of a retry saying which attempt it is, counting the first run (absent: the first). */
    public static final String ATTEMPT = "sluice/attempt";

    /** A single launch: one queued run of the validated launch, in no group. */
    public Run launch(ValidatedLaunch launch, Instant now) {
        return inGroup(launch, launch.assets(), launch.partitions(), null, Map.of(), now);
    }

    /**
     * One of the runs launched together as {@code group}: the launch's mode, keys, config, reason and tags, over some
     * of its assets and partitions; {@code tags} (the group's) are added to the launch's.
     */
    public Run inGroup(
            ValidatedLaunch launch,
            List<AssetKey> assets,
            List<String> partitions,
            String group,
            Map<String, String> tags,
            Instant now) {
        return queued(
                launch.mode(),
                assets,
                launch.keys(),
                partitions,
                launch.configByAsset().toString(),
                launch.reason(),
                launch.launchedBy(),
                now,
                RunKind.MATERIALIZE,
                null,
                group,
                merged(launch.tags(), tags));
    }

    private static Map<String, String> merged(Map<String, String> launch, Map<String, String> group) {
        if (launch.isEmpty()) {
            return group;
        }
        Map<String, String> all = new TreeMap<>(launch);
        all.putAll(group);
        return all;
    }

    /** A run that restores an asset's table (or one partition of it) to {@code target} (encoded). */
    public Run rollback(
            AssetKey asset, Optional<String> partition, String target, String reason, String actor, Instant now) {
        return queued(
                MaterializationMode.FULL_REFRESH,
                List.of(asset),
                List.of(),
                partition.map(List::of).orElse(List.of()),
                "{}",
                reason,
                actor,
                now,
                RunKind.ROLLBACK,
                target,
                null,
                Map.of());
    }

    /** The next attempt of a run that died with the process: the same work, in the same group, tagged with its parent and attempt. */
    public Run retry(Run dead, Instant now) {
        int attempt = attempt(dead) + 1;
        Map<String, String> tags = new TreeMap<>(dead.tags());
        tags.put(PARENT_RUN, dead.id());
        tags.put(ATTEMPT, Integer.toString(attempt));
        return queued(
                dead.mode(),
                dead.assets(),
                dead.keys(),
                dead.partitions(),
                dead.configJson(),
                "attempt " + attempt + ": run " + dead.id() + " died with the process",
                dead.launchedBy(),
                now,
                RunKind.MATERIALIZE,
                null,
                dead.group(),
                tags);
    }

    /** Which attempt the run is, counting the first run (its {@link #ATTEMPT} tag; 1 without one). */
    public static int attempt(Run run) {
        String attempt = run.tags().get(ATTEMPT);
        try {
            return attempt == null ? 1 : Math.max(1, Integer.parseInt(attempt));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static Run queued(
            MaterializationMode mode,
            List<AssetKey> assets,
            List<String> keys,
            List<String> partitions,
            String config,
            String reason,
            String launchedBy,
            Instant now,
            RunKind kind,
            String rollbackTo,
            String group,
            Map<String, String> tags) {
        List<RunStep> steps = new ArrayList<>();
        for (int i = 0; i < assets.size(); i++) {
            steps.add(RunStep.queued(i, assets.get(i)));
        }
        return new Run(
                RunIds.next(now),
                RunStatus.QUEUED,
                mode,
                assets,
                keys,
                partitions,
                config,
                reason,
                launchedBy,
                now,
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                steps,
                kind,
                rollbackTo,
                group,
                tags);
    }
}
