package io.sluice.runs;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.DynamicPartitions;
import io.sluice.partitions.MultiPartitions;
import io.sluice.partitions.PartitionDimension;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.launch.LaunchValidator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Adding and removing the keys of dynamic partitions; every change is an audit event. */
@ApplicationScoped
public class DynamicPartitionService {

    static final int MAX_KEYS = 10_000;

    /** How many runs a refusal names per key. */
    static final int RUNS_NAMED = 10;

    private final DynamicKeyStore store;
    private final AssetState runs;
    private final AssetCatalog catalog;
    private final AuditLog audit;
    private final InstantSource clock;

    DynamicPartitionService(
            DynamicKeyStore store, AssetState runs, AssetCatalog catalog, AuditLog audit, InstantSource clock) {
        this.store = store;
        this.runs = runs;
        this.catalog = catalog;
        this.audit = audit;
        this.clock = clock;
    }

    /** The dynamic partitions definitions the catalog uses, by name. */
    public List<String> names() {
        return catalog.all().stream()
                .map(a -> a.spec().partitions())
                .filter(DynamicPartitions.class::isInstance)
                .map(d -> ((DynamicPartitions) d).name())
                .distinct()
                .sorted()
                .toList();
    }

    public List<String> keys(String name) {
        known(name);
        return store.keys(name);
    }

    public List<String> add(String name, List<String> keys, String actor, String reason) {
        checkAdd(name, keys, reason);
        Instant now = clock.instant();
        return QuarkusTransaction.requiringNew().call(() -> added(name, keys, actor, reason, now, true));
    }

    /**
     * {@link #add} in the caller's transaction (a sensor's tick adds keys beside the runs it launches and its cursor);
     * checked alike, audited when it adds a key. A refusal is a {@link RequestRejected} that rolls the caller back.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public List<String> addInCurrentTransaction(String name, List<String> keys, String actor, String reason) {
        checkAdd(name, keys, reason);
        return added(name, keys, actor, reason, clock.instant(), false);
    }

    private void checkAdd(String name, List<String> keys, String reason) {
        LaunchValidator.requireReason(reason);
        check(name, keys);
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            String field = "keys[" + i + "]";
            DynamicPartitions.checkNewKey(key).ifPresent(problem -> {
                throw RequestRejected.invalid(field, problem);
            });
        }
    }

    private List<String> added(
            String name, List<String> keys, String actor, String reason, Instant now, boolean auditNone) {
        List<String> added = store.add(name, keys, now);
        if (auditNone || !added.isEmpty()) {
            audit.record(AuditEvent.of(
                    now,
                    Actors.name(actor),
                    AuditAction.PARTITION_KEYS_ADDED,
                    null,
                    assetsUsing(name),
                    reason,
                    Map.of("partitions", name, "keys", added)));
        }
        return added;
    }

    /**
     * Removes keys; a key that a queued or started run covers (or waits for) is refused as a conflict naming those runs, and
     * nothing is removed. Finished runs do not hold a key.
     */
    public List<String> remove(String name, List<String> keys, String actor, String reason) {
        LaunchValidator.requireReason(reason);
        check(name, keys);
        Instant now = clock.instant();
        return QuarkusTransaction.requiringNew().call(() -> removed(name, keys, actor, reason, now, true));
    }

    /** {@link #remove} in the caller's transaction; checked alike (keys in use are a conflict), audited when it removes a key. */
    @Transactional(Transactional.TxType.MANDATORY)
    public List<String> removeInCurrentTransaction(String name, List<String> keys, String actor, String reason) {
        LaunchValidator.requireReason(reason);
        check(name, keys);
        return removed(name, keys, actor, reason, clock.instant(), false);
    }

    private List<String> removed(
            String name, List<String> keys, String actor, String reason, Instant now, boolean auditNone) {
        refuseKeysInUse(name, keys);
        List<String> removed = store.remove(name, keys);
        if (auditNone || !removed.isEmpty()) {
            audit.record(AuditEvent.of(
                    now,
                    Actors.name(actor),
                    AuditAction.PARTITION_KEYS_REMOVED,
                    null,
                    assetsUsing(name),
                    reason,
                    Map.of("partitions", name, "keys", removed)));
        }
        return removed;
    }

    private void check(String name, List<String> keys) {
        known(name);
        if (keys == null || keys.isEmpty()) {
            throw RequestRejected.invalid("keys", "give at least one key");
        }
        if (keys.size() > MAX_KEYS) {
            throw RequestRejected.invalid("keys", "at most " + MAX_KEYS + " keys per request");
        }
        Keys.require("keys", keys);
    }

    private void known(String name) {
        if (!names().contains(name)) {
            throw RequestRejected.notFound("name", "no asset uses dynamic partitions named '" + name + "'");
        }
    }

    private void refuseKeysInUse(String name, List<String> keys) {
        Map<String, Set<String>> runsByKey =
                runsByKey(catalog.all(), name, Set.copyOf(keys), runs::activeRunsByPartition);
        if (runsByKey.isEmpty()) {
            return;
        }
        int first = IntStream.range(0, keys.size())
                .filter(i -> runsByKey.containsKey(keys.get(i)))
                .findFirst()
                .orElseThrow();
        String uses = runsByKey.entrySet().stream()
                .map(e -> "'" + e.getKey() + "' by " + runList(e.getValue()))
                .collect(Collectors.joining("; "));
        throw RequestRejected.conflict(
                "keys[" + first + "]",
                "keys of dynamic partitions '" + name + "' are used by runs that have not ended: " + uses
                        + ". Nothing was removed; wait for those runs to end or cancel them, then remove the keys");
    }

    private static String runList(Set<String> ids) {
        String named = ids.stream().limit(RUNS_NAMED).collect(Collectors.joining(", "));
        return (ids.size() == 1 ? "run " : "runs ")
                + named
                + (ids.size() > RUNS_NAMED ? " and " + (ids.size() - RUNS_NAMED) + " more" : "");
    }

    /**
     * The runs, among those {@code activeRuns} gives by partition for an asset, whose partitions hold one of {@code keys}
     * of the dynamic partitions {@code name}, by key: a partition of an asset partitioned by them, or its key in a
     * dimension of a multi-dimensional one. Assets partitioned otherwise are not asked about.
     */
    static Map<String, Set<String>> runsByKey(
            Collection<? extends Asset<?>> assets,
            String name,
            Set<String> keys,
            Function<AssetKey, Map<String, Set<String>>> activeRuns) {
        Map<String, Set<String>> byKey = new TreeMap<>();
        for (Asset<?> asset : assets) {
            PartitionsDefinition partitions = asset.spec().partitions();
            Function<String, List<String>> keysOf;
            if (partitions instanceof DynamicPartitions d && d.name().equals(name)) {
                keysOf = partition -> List.of(partition);
            } else if (partitions instanceof MultiPartitions m
                    && m.dimensions().stream().anyMatch(dimension -> uses(dimension, name))) {
                List<String> dimensions = m.dimensions().stream()
                        .filter(dimension -> uses(dimension, name))
                        .map(PartitionDimension::name)
                        .toList();
                keysOf = partition -> dimensionKeys(m, partition, dimensions);
            } else {
                continue;
            }
            activeRuns
                    .apply(asset.spec().key())
                    .forEach((partition, ids) -> keysOf.apply(partition).stream()
                            .filter(keys::contains)
                            .forEach(key -> byKey.computeIfAbsent(key, k -> new TreeSet<>())
                                    .addAll(ids)));
        }
        return byKey;
    }

    private static boolean uses(PartitionDimension dimension, String name) {
        return dimension.definition() instanceof DynamicPartitions d && d.name().equals(name);
    }

    /** The partition's keys in {@code dimensions}; none if it does not have the shape of the partitions' keys. */
    private static List<String> dimensionKeys(MultiPartitions m, String partition, List<String> dimensions) {
        try {
            Map<String, String> parts = m.dimensionKeys(partition);
            return dimensions.stream().map(parts::get).toList();
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }

    private String assetsUsing(String name) {
        return catalog.all().stream()
                .filter(a -> a.spec().partitions() instanceof DynamicPartitions d
                        && d.name().equals(name))
                .map(a -> a.spec().key().toString())
                .sorted()
                .collect(Collectors.joining(","));
    }
}
