package io.sluice.automation.launch;

import io.sluice.automation.BackfillLaunchRequest;
import io.sluice.automation.Launch;
import io.sluice.automation.LaunchRequest;
import io.sluice.backfill.BackfillRequest;
import io.sluice.backfill.BackfillService;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns what an automation decision asks for ({@link Launch} values) into real launches: a {@link LaunchRequest}
 * becomes a run, a {@link BackfillLaunchRequest} a backfill, both validated as a launch from the API is, carrying the
 * request's tags (the schedule, sensor or trigger) and launched by {@code actor}. Everything happens in the caller's
 * transaction, beside the cursor and the tick history entry it stores: a launch that is refused (a
 * {@link RequestRejected}) rolls all of them back, and the caller records the tick as failed.
 */
@ApplicationScoped
public class AutomationLauncher {

    /** What one tick launched. */
    public record Launched(List<String> runIds, List<String> backfillIds) {
        public Launched {
            runIds = List.copyOf(runIds);
            backfillIds = List.copyOf(backfillIds);
        }

        public boolean isEmpty() {
            return runIds.isEmpty() && backfillIds.isEmpty();
        }
    }

    private final RunService runs;
    private final BackfillService backfills;
    private final AssetCatalog catalog;
    private final InstantSource clock;

    public AutomationLauncher(RunService runs, BackfillService backfills, AssetCatalog catalog, InstantSource clock) {
        this.runs = runs;
        this.backfills = backfills;
        this.catalog = catalog;
        this.clock = clock;
    }

    /** Launches each of {@code launches} in the caller's transaction. Call {@link #dispatchSoon()} after it committed. */
    @Transactional(Transactional.TxType.MANDATORY)
    public Launched launchAll(List<? extends Launch> launches, String actor) {
        List<String> runIds = new ArrayList<>();
        List<String> backfillIds = new ArrayList<>();
        for (Launch launch : launches) {
            if (launch instanceof LaunchRequest run) {
                runIds.add(
                        runs.launchInCurrentTransaction(runRequest(run, actor)).id());
            } else if (launch instanceof BackfillLaunchRequest backfill) {
                backfillIds.add(backfills
                        .launchInCurrentTransaction(backfillRequest(backfill, actor))
                        .id());
            }
        }
        return new Launched(runIds, backfillIds);
    }

    /** Lets the dispatcher start what a committed tick queued. */
    public void dispatchSoon() {
        runs.dispatchSoon();
    }

    RunRequest runRequest(LaunchRequest launch, String actor) {
        List<String> partitions = new ArrayList<>();
        for (PartitionKeyRange range : launch.partitions()) {
            partitions.addAll(keys(launch.assets(), range));
        }
        return new RunRequest(
                names(launch.assets()),
                MaterializationMode.valueOf(launch.mode().name()),
                launch.keys(),
                partitions,
                launch.config(),
                launch.reason(),
                actor,
                launch.tags());
    }

    static BackfillRequest backfillRequest(BackfillLaunchRequest launch, String actor) {
        return new BackfillRequest(
                names(launch.assets()),
                launch.ranges().stream()
                        .map(r -> new BackfillRequest.Range(r.start(), r.end()))
                        .toList(),
                List.of(),
                false,
                MaterializationMode.valueOf(launch.mode().name()),
                List.of(),
                launch.config(),
                launch.reason(),
                1,
                false,
                null,
                0,
                false,
                actor,
                launch.tags());
    }

    /** The keys of {@code range} in the first partitioned asset's partitions; a range of one key is that key. */
    private List<String> keys(List<AssetKey> assets, PartitionKeyRange range) {
        if (range.start().equals(range.end())) {
            return List.of(range.start());
        }
        PartitionsDefinition definition = assets.stream()
                .flatMap(a -> catalog.find(a).stream())
                .map(a -> a.spec().partitions())
                .filter(PartitionsDefinition::isPartitioned)
                .findFirst()
                .orElseThrow(() -> RequestRejected.invalid(
                        "partitions", "partition range " + range + " given for assets that are not partitioned"));
        try {
            return List.copyOf(definition.at(clock.instant()).subset(range).keys());
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid("partitions", e.getMessage());
        }
    }

    private static List<String> names(List<AssetKey> assets) {
        return assets.stream().map(AssetKey::toString).toList();
    }
}
