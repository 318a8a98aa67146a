package io.sluice.pools;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetSpec;
import io.sluice.runs.Actors;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunLimits;
import io.sluice.runs.Scope;
import io.sluice.runs.launch.LaunchValidator;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Setting and removing the limits of concurrency pools: stored, audited, and in force at once on every node (claims
 * count them in the store; nothing is held in memory).
 */
@ApplicationScoped
public class PoolService {

    static final int MAX_LIMIT = 10_000;

    private final RunLimits store;
    private final AuditLog audit;
    private final AssetCatalog catalog;
    private final InstantSource clock;

    PoolService(RunLimits store, AuditLog audit, AssetCatalog catalog, InstantSource clock) {
        this.store = store;
        this.audit = audit;
        this.catalog = catalog;
        this.clock = clock;
    }

    /** The pools with a limit, by name, as stored now. */
    public Map<String, Integer> limits() {
        return store.all(Scope.POOL);
    }

    /** The pools the catalog's assets declare, sorted. */
    public List<String> declared() {
        return catalog.all().stream()
                .flatMap(a -> a.spec().pool().stream())
                .distinct()
                .sorted()
                .toList();
    }

    /**
     * Sets a pool's limit (1 to 10,000). A pool that no asset declares is refused (not found, naming the declared ones), so that
     * a misspelt name does not store a limit that caps nothing; with {@code allowUndeclared} it is given one ahead of
     * the asset that will declare it.
     */
    public void set(String pool, Integer limit, boolean allowUndeclared, String actor, String reason) {
        requireName(pool);
        if (limit == null || limit < 1 || limit > MAX_LIMIT) {
            throw RequestRejected.invalid("limit", "send {\"limit\": N} with 1 <= N <= " + MAX_LIMIT);
        }
        Actors.require("launchedBy", actor);
        LaunchValidator.requireReason(reason);
        List<String> declared = declared();
        if (!allowUndeclared && !declared.contains(pool)) {
            throw RequestRejected.notFound(
                    "name",
                    "no asset declares pool '" + pool + "'; declared pools: "
                            + (declared.isEmpty() ? "none" : String.join(", ", declared))
                            + ". To set a limit ahead of the asset that will declare it, send \"allowUndeclared\": true");
        }
        Instant now = clock.instant();
        Integer before = limits().get(pool);
        // two requests creating the same pool's limit at once: the one that lost the race sets it again, as if it
        // had come second (the same result: idempotent, never a duplicate key's 500)
        for (int attempt = 1; ; attempt++) {
            try {
                QuarkusTransaction.requiringNew().run(() -> {
                    store.set(Scope.POOL, pool, limit, now);
                    audit.record(AuditEvent.of(
                            now,
                            Actors.name(actor),
                            AuditAction.POOL_LIMIT_SET,
                            null,
                            assetsIn(pool),
                            reason,
                            before == null
                                    ? Map.of("pool", pool, "limit", limit)
                                    : Map.of("pool", pool, "limit", limit, "previous", before)));
                });
                break;
            } catch (RunLimits.LostRace e) {
                if (attempt == 3) {
                    throw RequestRejected.conflict("name", e.getMessage() + "; send it again");
                }
            }
        }
    }

    /** Removes a pool's limit, declared or not (a limit left by an asset that is gone): its runs are limited by the workers only. */
    public void remove(String pool, String actor) {
        requireName(pool);
        Actors.require("launchedBy", actor);
        Instant now = clock.instant();
        QuarkusTransaction.requiringNew().run(() -> {
            if (!store.remove(Scope.POOL, pool)) {
                throw RequestRejected.notFound("name", "pool " + pool + " has no limit");
            }
            audit.record(AuditEvent.of(
                    now,
                    Actors.name(actor),
                    AuditAction.POOL_LIMIT_REMOVED,
                    null,
                    assetsIn(pool),
                    null,
                    Map.of("pool", pool)));
        });
    }

    private static void requireName(String pool) {
        if (!AssetSpec.isPoolName(pool)) {
            throw RequestRejected.invalid(
                    "name", "a pool name is 1 to " + AssetSpec.MAX_POOL_NAME + " letters, digits, _ . -");
        }
    }

    /** The assets that count against the pool, as the audit trail lists assets (null if none). */
    private String assetsIn(String pool) {
        String assets = catalog.all().stream()
                .filter(a -> a.spec().pool().filter(pool::equals).isPresent())
                .map(a -> a.spec().key().toString())
                .sorted()
                .collect(Collectors.joining(","));
        return assets.isEmpty() ? null : assets;
    }
}
