package io.sluice.pools;

import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Run;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunService;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Each pool's usage now: the runs executing (STARTED) that count against it, as the dispatcher counts them (a run
 * counts once per pool that one of its assets declares).
 */
@ApplicationScoped
public class PoolUsage {

    private final RunService runs;
    private final AssetCatalog catalog;

    PoolUsage(RunService runs, AssetCatalog catalog) {
        this.runs = runs;
        this.catalog = catalog;
    }

    /** Runs executing now, by pool (pools with none are left out). Reads at most {@link RunQuery#MAX_LIMIT} runs. */
    public Map<String, Integer> running() {
        List<Run> started =
                runs.list(new RunQuery(Optional.of(RunStatus.STARTED), Optional.empty(), RunQuery.MAX_LIMIT));
        return count(started, key -> catalog.find(key).flatMap(a -> a.spec().pool()));
    }

    /** The assets that declare each pool, by pool. */
    public Map<String, List<String>> assetsByPool() {
        Map<String, List<String>> byPool = new TreeMap<>();
        catalog.all()
                .forEach(a -> a.spec()
                        .pool()
                        .ifPresent(p -> byPool.computeIfAbsent(p, k -> new java.util.ArrayList<>())
                                .add(a.spec().key().toString())));
        byPool.values().forEach(l -> l.sort(null));
        return byPool;
    }

    /** Pure: how many of {@code runs} count against each pool, given the pool each asset declares. */
    static Map<String, Integer> count(Collection<Run> runs, Function<AssetKey, Optional<String>> poolOf) {
        Map<String, Integer> byPool = new TreeMap<>();
        for (Run run : runs) {
            Set<String> pools = new HashSet<>();
            run.assets().forEach(a -> poolOf.apply(a).ifPresent(pools::add));
            pools.forEach(p -> byPool.merge(p, 1, Integer::sum));
        }
        return byPool;
    }
}
