package io.sluice.runs;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.RunLogger;
import io.sluice.lake.Lake;
import io.sluice.runs.execute.RunAssetContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Reading the catalog together with what the metadata store knows about each asset. */
@ApplicationScoped
public class AssetService {

    static final int MAX_KEYS = 1000;

    private final AssetCatalog catalog;
    private final RunEventLog events;
    private final RunHistory history;
    private final Lake lake;
    private final RollbackDownstream rollbackDownstream;

    AssetService(
            AssetCatalog catalog,
            RunEventLog events,
            RunHistory history,
            Lake lake,
            RollbackDownstream rollbackDownstream) {
        this.rollbackDownstream = rollbackDownstream;
        this.catalog = catalog;
        this.events = events;
        this.history = history;
        this.lake = lake;
    }

    public Collection<Asset<?>> all() {
        return catalog.all();
    }

    /** The keys of every asset, without building any asset's spec. */
    public Set<AssetKey> keys() {
        return catalog.graph().keys();
    }

    public Optional<Asset<?>> find(AssetKey key) {
        return catalog.find(key);
    }

    public Asset<?> get(AssetKey key) {
        return catalog.find(key).orElseThrow(() -> RequestRejected.notFound("asset", "unknown asset '" + key + "'"));
    }

    /** The asset of a key as a URL path gives it: its segments joined by / (two or more), a 404 when there is none. */
    public Asset<?> get(String key) {
        AssetKey parsed;
        try {
            parsed = AssetKey.parse(key);
        } catch (IllegalArgumentException e) {
            throw RequestRejected.notFound("asset", e.getMessage());
        }
        return get(parsed);
    }

    public Set<AssetKey> upstream(AssetKey key) {
        return catalog.graph().upstreamOf(key);
    }

    /** Whether the asset processes entity keys (and so has incremental state: watermarks). */
    public boolean keyed(AssetKey key) {
        return catalog.find(key).map(a -> a instanceof KeyedAsset<?>).orElse(false);
    }

    /**
     * What a rollback of the asset's table, whose table first left the restored state at {@code changedSince}, means for
     * each of its direct downstream assets (see {@link RollbackDownstream}).
     */
    public List<RollbackDownstream.Downstream> rollbackDownstream(AssetKey key, Optional<Instant> changedSince) {
        return rollbackDownstream.of(key, changedSince);
    }

    public Set<AssetKey> downstream(AssetKey key) {
        return catalog.graph().downstreamOf(key);
    }

    public Optional<Materialization> lastMaterialization(AssetKey key) {
        return events.lastMaterialization(key);
    }

    public List<RecordedCheck> latestChecks(AssetKey key) {
        return events.latestChecks(key);
    }

    /** The newest materialization of every asset in the catalog, in one read (assets never materialized are absent). */
    public Map<AssetKey, Materialization> lastMaterializations() {
        return events.lastMaterializations(catalog.graph().keys());
    }

    /** {@link #latestChecks} of every asset in the catalog, in one read (assets never checked are absent). */
    public Map<AssetKey, List<RecordedCheck>> latestChecks() {
        return events.latestChecks(catalog.graph().keys());
    }

    public Map<AssetKey, AssetRun> lastSteps() {
        return history.lastStepByAsset(catalog.graph().keys());
    }

    /** The latest step of one asset, if it ever ran: the lookup of {@link #lastSteps} for that asset only. */
    public Optional<AssetRun> lastStep(AssetKey key) {
        return Optional.ofNullable(history.lastStepByAsset(List.of(key)).get(key));
    }

    /** Entity keys a keyed asset knows, filtered by prefix, at most {@code limit}. */
    public List<String> keys(AssetKey key, String prefix, int limit) {
        if (limit < 1 || limit > MAX_KEYS) {
            throw RequestRejected.invalid("limit", "limit must be between 1 and " + MAX_KEYS);
        }
        Asset<?> asset = get(key);
        if (!(asset instanceof KeyedAsset<?> keyed)) {
            throw RequestRejected.invalid("asset", "asset " + key + " does not process entity keys");
        }
        String p = prefix == null ? "" : prefix;
        return allKeys(keyed).stream().filter(k -> k.startsWith(p)).limit(limit).toList();
    }

    private <C extends Record> List<String> allKeys(KeyedAsset<C> asset) {
        RunAssetContext<C> context = new RunAssetContext<>(
                "keys",
                asset.spec().key(),
                asset.spec().defaultConfig(),
                Optional.empty(),
                SILENT,
                lake,
                Optional.empty(),
                () -> false);
        try {
            return asset.allKeys(context);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("listing keys of " + asset.spec().key() + " failed: " + e.getMessage(), e);
        }
    }

    private static final RunLogger SILENT = new RunLogger() {
        @Override
        public void info(String message) {}

        @Override
        public void warn(String message) {}

        @Override
        public void error(String message) {}
    };

    /** The most history entries a page asks for at once. */
    public static final int MAX_HISTORY = 500;

    /** The asset's latest {@code limit} materializations, newest first. */
    public List<Materialization> materializationHistory(AssetKey key, int limit) {
        return events.materializationHistory(key, historyLimit(limit));
    }

    /** The asset's latest {@code limit} check results, newest first. */
    public List<RecordedCheck> checkHistory(AssetKey key, int limit) {
        return events.checkHistory(key, historyLimit(limit));
    }

    private static int historyLimit(int limit) {
        if (limit < 1 || limit > MAX_HISTORY) {
            throw RequestRejected.invalid("limit", "limit must be between 1 and " + MAX_HISTORY);
        }
        return limit;
    }
}
