package io.sluice.automation.trigger;

import io.sluice.automation.UpstreamActivity;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillRequest;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.runs.AssetState;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What is being materialized now, read from the store for one evaluation, only for the upstream assets the evaluator
 * asks about (an evaluation that decides no eager partition reads nothing): runs queued or started over the asked
 * partitions (queued runs of paused backfills left out) and running backfills of the asset that target them. A run of
 * a running backfill is named by its backfill. Per asset, one probe first says whether anything at all is active; only
 * then are the asked partitions probed.
 */
final class StoredActivity implements UpstreamActivity {

    /** The running backfills (ids, or whole), the paused ones' ids, whether a backfill still has runs queued or started. */
    interface Backfills {
        Collection<String> runningIds();

        List<Backfill> running();

        Collection<String> paused();

        boolean hasActiveRuns(String backfillId);

        Optional<BackfillRequest> request(Backfill backfill);
    }

    private final AssetState assets;
    private final Backfills backfills;
    private final Map<AssetKey, Optional<AssetState.ActiveRun>> anyRun = new HashMap<>();
    private final Map<String, Boolean> backfillActive = new HashMap<>();
    private final Supplier<Collection<String>> paused;
    private final Supplier<Collection<String>> runningIds;
    private final Supplier<List<Backfill>> running;

    StoredActivity(AssetState assets, Backfills backfills) {
        this.assets = assets;
        this.backfills = backfills;
        this.paused = memo(backfills::paused);
        this.runningIds = memo(backfills::runningIds);
        this.running = memo(backfills::running);
    }

    @Override
    public Optional<InProgress> inProgress(AssetKey asset, Optional<PartitionSubset> partitions) {
        Optional<AssetState.ActiveRun> any =
                anyRun.computeIfAbsent(asset, a -> assets.anyActiveRun(a, Optional.empty(), paused.get()));
        if (any.isPresent()) {
            Optional<AssetState.ActiveRun> hit = partitions.isEmpty()
                            || partitions.get().count()
                                    == partitions.get().space().size()
                    ? any
                    : assets.anyActiveRun(asset, Optional.of(partitions.get().keys()), paused.get());
            if (hit.isPresent()) {
                String group = hit.get().group();
                if (group != null && runningIds.get().contains(group)) {
                    return Optional.of(InProgress.backfill(group));
                }
                String key = hit.get().partition();
                return Optional.of(InProgress.run(
                        hit.get().runId(), key == null || key.isEmpty() ? Optional.empty() : Optional.of(key)));
            }
        }
        for (Backfill backfill : running.get()) {
            if (backfill.assets().contains(asset)
                    && targets(backfill, partitions)
                    && backfillActive.computeIfAbsent(backfill.id(), backfills::hasActiveRuns)) {
                return Optional.of(InProgress.backfill(backfill.id()));
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the backfill targets one of {@code partitions}: its ranges and partitions read in the asset's partitions;
     * when they cannot be (another definition's keys, a request that cannot be read), it counts as targeting all.
     */
    private boolean targets(Backfill backfill, Optional<PartitionSubset> partitions) {
        if (partitions.isEmpty()) {
            return true;
        }
        Optional<BackfillRequest> request = backfills.request(backfill);
        if (request.isEmpty()
                || request.get().ranges().isEmpty()
                        && request.get().partitions().isEmpty()) {
            return true;
        }
        PartitionSpace space = partitions.get().space();
        try {
            PartitionSubset targeted = space.subset(request.get().partitions());
            for (BackfillRequest.Range r : request.get().ranges()) {
                targeted = targeted.union(space.subset(new PartitionKeyRange(r.start(), r.end())));
            }
            return !targeted.intersect(partitions.get()).isEmpty();
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    private static <T> Supplier<T> memo(Supplier<T> read) {
        Object[] value = {null};
        return () -> {
            if (value[0] == null) {
                value[0] = read.get();
            }
            @SuppressWarnings("unchecked")
            T t = (T) value[0];
            return t;
        };
    }
}
