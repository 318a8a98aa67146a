package io.sluice.runs;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetCatalog;
import io.sluice.partitions.DynamicPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Adding and removing the keys of dynamic partitions; every change is an audit event. */
@ApplicationScoped
public class DynamicPartitionService {

    static final int MAX_KEYS = 10_000;

    private final DynamicKeyStore store;
    private final AssetCatalog catalog;
    private final AuditLog audit;
    private final InstantSource clock;

    DynamicPartitionService(DynamicKeyStore store, AssetCatalog catalog, AuditLog audit, InstantSource clock) {
        this.store = store;
        this.catalog = catalog;
        this.audit = audit;
        this.clock = clock;
    }

    /** The dynamic partitions definitions the catalog uses, by name. */
    public List<String> names() {
        return catalog.all().stream().map(a -> a.spec().partitions()).filter(DynamicPartitions.class::isInstance)
                .map(d -> ((DynamicPartitions) d).name()).distinct().sorted().toList();
    }

    public List<String> keys(String name) {
        known(name);
        return store.keys(name);
    }

    public List<String> add(String name, List<String> keys, String actor, String reason) {
        LaunchValidator.requireReason(reason);
        check(name, keys);
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            String field = "keys[" + i + "]";
            DynamicPartitions.checkNewKey(key).ifPresent(problem -> {
                throw RequestRejected.invalid(field, problem);
            });
        }
        Instant now = clock.instant();
        return QuarkusTransaction.requiringNew().call(() -> {
            List<String> added = store.add(name, keys, now);
            audit.record(AuditEvent.of(now, Actors.name(actor), AuditAction.PARTITION_KEYS_ADDED, null, assetsUsing(name), reason,
                    Map.of("partitions", name, "keys", added)));
            return added;
        });
    }

    public List<String> remove(String name, List<String> keys, String actor, String reason) {
        LaunchValidator.requireReason(reason);
        check(name, keys);
        Instant now = clock.instant();
        return QuarkusTransaction.requiringNew().call(() -> {
            List<String> removed = store.remove(name, keys);
            audit.record(AuditEvent.of(now, Actors.name(actor), AuditAction.PARTITION_KEYS_REMOVED, null, assetsUsing(name), reason,
                    Map.of("partitions", name, "keys", removed)));
            return removed;
        });
    }

    private void check(String name, List<String> keys) {
        known(name);
        if (keys == null || keys.isEmpty()) {
            throw RequestRejected.invalid("keys", "give at least one key");
        }
        if (keys.size() > MAX_KEYS) {
            throw RequestRejected.invalid("keys", "at most " + MAX_KEYS + " keys per request");
        }
    }

    private void known(String name) {
        if (!names().contains(name)) {
            throw RequestRejected.notFound("name", "no asset uses dynamic partitions named '" + name + "'");
        }
    }

    private String assetsUsing(String name) {
        return catalog.all().stream().filter(a -> a.spec().partitions() instanceof DynamicPartitions d && d.name().equals(name))
                .map(a -> a.spec().key().toString()).sorted().collect(Collectors.joining(","));
    }
}
