package io.sluice.freshness;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.FreshnessPolicy;
import io.sluice.periodic.Periodic;
import io.sluice.runs.AssetService;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.RunsEnded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;

/**
 * Evaluates the freshness policies of the catalog from the store's materializations ({@link FreshnessEvaluator}), on a
 * clock ({@code sluice.freshness.interval}) and when runs end, records each transition of an asset and of its late
 * partitions in the {@link FreshnessStore}, and fires {@link FreshnessChanged} for each transition this process won,
 * after it is committed.
 */
@ApplicationScoped
public class FreshnessService {

    private static final Logger LOG = Logger.getLogger(FreshnessService.class);

    private final AssetService assets;
    private final AssetState state;
    private final FreshnessStore store;
    private final FreshnessSettings settings;
    private final InstantSource clock;
    private final Event<FreshnessChanged> changed;
    private final ReentrantLock evaluating = new ReentrantLock();
    private volatile Periodic loop;

    FreshnessService(
            AssetService assets,
            AssetState state,
            FreshnessStore store,
            FreshnessSettings settings,
            InstantSource clock,
            Event<FreshnessChanged> changed) {
        this.assets = assets;
        this.state = state;
        this.store = store;
        this.settings = settings;
        this.clock = clock;
        this.changed = changed;
    }

    void onStart(@Observes StartupEvent event) {
        if (settings.enabled() && !policies().isEmpty()) {
            loop = Periodic.start(
                    "sluice-freshness",
                    settings::interval,
                    () -> evaluate(clock.instant()),
                    e -> LOG.errorf(e, "evaluating freshness failed; trying again at the next round"));
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        Periodic running = loop;
        if (running != null) {
            running.stop();
        }
    }

    /** A materialization may make an asset fresh: evaluate at once rather than at the next round. */
    void onRunsEnded(@Observes RunsEnded event) {
        Periodic running = loop;
        if (running != null) {
            running.wake();
        }
    }

    /** The assets that declare a freshness policy, with it. */
    public Map<AssetKey, FreshnessPolicy> policies() {
        Map<AssetKey, FreshnessPolicy> policies = new LinkedHashMap<>();
        for (Asset<?> asset : assets.all()) {
            asset.spec().freshness().ifPresent(p -> policies.put(asset.spec().key(), p));
        }
        return policies;
    }

    /** The freshness of one asset at {@code now}, read from the store and not recorded; empty without a policy. */
    public Optional<Freshness> evaluate(AssetKey key, Instant now) {
        return assets.find(key)
                .flatMap(asset -> asset.spec()
                        .freshness()
                        .map(policy -> evaluate(
                                asset, policy, assets.lastMaterialization(key).map(Materialization::ts), now)));
    }

    private Freshness evaluate(Asset<?> asset, FreshnessPolicy policy, Optional<Instant> last, Instant now) {
        AssetKey key = asset.spec().key();
        Map<String, Instant> materialized =
                policy instanceof FreshnessPolicy.PartitionDeadline ? state.materializedAt(key) : Map.of();
        return FreshnessEvaluator.evaluate(
                policy, asset.spec().partitions(), last, materialized, now, settings.lookBack());
    }

    /**
     * Evaluates every policy at {@code now}, records the transitions and fires {@link FreshnessChanged} for those this
     * call made (another thread or node that made one first fires it instead); returns them.
     */
    public List<FreshnessChanged> evaluate(Instant now) {
        evaluating.lock();
        try {
            Map<AssetKey, FreshnessPolicy> policies = policies();
            if (policies.isEmpty()) {
                return List.of();
            }
            Map<AssetKey, Materialization> last = assets.lastMaterializations();
            List<FreshnessChanged> fired = new ArrayList<>();
            policies.forEach((key, policy) -> fired.addAll(record(
                    key,
                    policy,
                    evaluate(
                            assets.get(key),
                            policy,
                            Optional.ofNullable(last.get(key)).map(Materialization::ts),
                            now),
                    now)));
            return fired;
        } finally {
            evaluating.unlock();
        }
    }

    private List<FreshnessChanged> record(AssetKey key, FreshnessPolicy policy, Freshness freshness, Instant now) {
        List<FreshnessChanged> fired = new ArrayList<>();
        Map<String, FreshnessStore.Recorded> rows = new HashMap<>();
        store.of(key).forEach(r -> rows.put(r.partition(), r));
        change(
                        key,
                        FreshnessStore.ASSET,
                        rows.remove(FreshnessStore.ASSET),
                        freshness.state(),
                        freshness.since(),
                        freshness.detail(),
                        now)
                .ifPresent(fired::add);
        for (PartitionFreshness p : freshness.partitions()) {
            FreshnessStore.Recorded row = rows.remove(p.partition());
            if (row == null && p.state() == FreshnessState.FRESH) {
                continue;
            }
            change(key, p.partition(), row, p.state(), p.since(), partitionDetail(p), now)
                    .ifPresent(fired::add);
        }
        if (!rows.isEmpty()) { // partitions recorded late that left the look-back
            Map<String, Instant> materialized =
                    policy instanceof FreshnessPolicy.PartitionDeadline ? state.materializedAt(key) : Map.of();
            for (FreshnessStore.Recorded row : rows.values()) {
                Instant at = materialized.get(row.partition());
                if (at != null) {
                    change(key, row.partition(), row, FreshnessState.FRESH, at, "materialized at " + at, now)
                            .ifPresent(fired::add);
                } else {
                    store.forget(key, row.partition(), row.state());
                }
            }
        }
        fired.forEach(changed::fire);
        return fired;
    }

    private Optional<FreshnessChanged> change(
            AssetKey key,
            String partition,
            FreshnessStore.Recorded row,
            FreshnessState to,
            Instant since,
            String detail,
            Instant now) {
        FreshnessState from = row == null ? FreshnessState.FRESH : row.state();
        if (row != null && from == to) {
            store.describe(key, partition, to, detail);
            return Optional.empty();
        }
        boolean won;
        try {
            won = store.transition(
                    key,
                    partition,
                    Optional.ofNullable(row).map(FreshnessStore.Recorded::state),
                    to,
                    since,
                    detail,
                    now);
        } catch (RuntimeException e) {
            // most likely another node inserted the same row first (its transition won); else the next round retries
            LOG.debugf(e, "recording the freshness of %s %s lost or failed", key, partition);
            won = false;
        }
        if (!won || from == to) {
            return Optional.empty();
        }
        Optional<String> part = partition.equals(FreshnessStore.ASSET) ? Optional.empty() : Optional.of(partition);
        return Optional.of(new FreshnessChanged(key, part, from, to, since, detail));
    }

    private static String partitionDetail(PartitionFreshness p) {
        return switch (p.state()) {
            case FRESH -> "materialized at " + p.since();
            case WARNING -> "missing, due at " + p.deadline();
            case STALE -> "missing since its deadline " + p.deadline();
        };
    }

    /** The recorded freshness of every asset with a policy (evaluated now for one not recorded yet). */
    public Map<AssetKey, FreshnessView> views() {
        Map<AssetKey, FreshnessPolicy> policies = policies();
        Map<AssetKey, FreshnessView> views = new LinkedHashMap<>();
        if (policies.isEmpty()) {
            return views;
        }
        Map<AssetKey, FreshnessStore.Recorded> recorded = store.assets();
        policies.forEach((key, policy) -> {
            FreshnessStore.Recorded row = recorded.get(key);
            views.put(
                    key,
                    row == null
                            ? live(key, policy)
                            : new FreshnessView(
                                    policy.describe(), row.state(), row.since(), row.detail(), List.of(), 0));
        });
        return views;
    }

    /** The recorded freshness of one asset with its first late partitions; empty without a policy. */
    public Optional<FreshnessView> view(AssetKey key) {
        Optional<FreshnessPolicy> policy =
                assets.find(key).flatMap(a -> a.spec().freshness());
        if (policy.isEmpty()) {
            return Optional.empty();
        }
        List<FreshnessStore.Recorded> rows = store.of(key);
        Optional<FreshnessStore.Recorded> own = rows.stream()
                .filter(r -> r.partition().equals(FreshnessStore.ASSET))
                .findFirst();
        if (own.isEmpty()) {
            return Optional.of(live(key, policy.get()));
        }
        List<String> late = rows.stream()
                .filter(r -> r.state() == FreshnessState.STALE && !r.partition().equals(FreshnessStore.ASSET))
                .map(FreshnessStore.Recorded::partition)
                .sorted()
                .toList();
        FreshnessStore.Recorded row = own.get();
        return Optional.of(new FreshnessView(
                policy.get().describe(),
                row.state(),
                row.since(),
                row.detail(),
                late.subList(0, Math.min(late.size(), FreshnessView.SHOWN_LATE)),
                late.size()));
    }

    private FreshnessView live(AssetKey key, FreshnessPolicy policy) {
        Freshness f = evaluate(key, clock.instant()).orElseThrow();
        List<String> late = f.latePartitions();
        return new FreshnessView(
                policy.describe(),
                f.state(),
                f.since(),
                f.detail(),
                late.subList(0, Math.min(late.size(), FreshnessView.SHOWN_LATE)),
                late.size());
    }
}
