package io.sluice.runs;

import io.sluice.audit.AuditEvent;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionsDefinition;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A run's partitions as people read them, and as every face shows them (the run's JSON, its audit events and the
 * trail's CSV, the pages): ranges {@code first...last} (both included, as Dagster writes them) and single keys, in the order of the partitions definition of the run's first
 * partitioned asset, instead of one key per partition (24 years of days are one range, not 8,766 keys).
 */
@ApplicationScoped
public class PartitionRanges {

    /** The audit detail that holds a run's partitions. */
    public static final String DETAIL = "partitions";

    private final AssetCatalog catalog;
    private final InstantSource clock;

    PartitionRanges(AssetCatalog catalog, InstantSource clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    /** The partitions of a run over {@code assets} as ranges and single keys. */
    public List<String> of(Collection<AssetKey> assets, List<String> keys) {
        return of(catalog, assets, keys, clock.instant());
    }

    /** The partitions of a run over {@code assets} as ranges and single keys, by the catalog's definitions. */
    public static List<String> of(AssetCatalog catalog, Collection<AssetKey> assets, List<String> keys, Instant now) {
        return keys.size() < 2 ? List.copyOf(keys) : compact(keys, definition(catalog, assets), now);
    }

    /** The run's partitions as ranges and single keys. */
    public List<String> of(Run run) {
        return of(run.assets(), run.partitions());
    }

    /**
     * The event with the run's partitions of its detail ({@value #DETAIL}: a list of keys) as ranges; unchanged when it
     * has none or they are ranges already. Events recorded before runs' events named ranges read as they are now.
     */
    public AuditEvent compactDetail(AuditEvent event) {
        if (!(event.detail().get(DETAIL) instanceof List<?> listed) || listed.size() < 2 || event.assets() == null) {
            return event;
        }
        List<String> keys = new ArrayList<>(listed.size());
        for (Object k : listed) {
            if (!(k instanceof String key)) {
                return event;
            }
            keys.add(key);
        }
        List<AssetKey> assets = new ArrayList<>();
        for (String a : event.assets().split(",")) {
            try {
                assets.add(AssetKey.parse(a.trim()));
            } catch (IllegalArgumentException e) {
                return event;
            }
        }
        List<String> ranges = of(assets, keys);
        if (ranges.size() == keys.size()) {
            return event;
        }
        Map<String, Object> detail = new LinkedHashMap<>(event.detail());
        detail.put(DETAIL, ranges);
        detail.putIfAbsent("partitionCount", keys.size());
        return event.withDetail(detail);
    }

    private static Optional<PartitionsDefinition> definition(AssetCatalog catalog, Collection<AssetKey> assets) {
        return assets.stream()
                .map(catalog::find)
                .flatMap(Optional::stream)
                .map(Asset::spec)
                .<PartitionsDefinition>map(s -> s.partitions())
                .filter(PartitionsDefinition::isPartitioned)
                .findFirst();
    }

    /**
     * The keys as ranges {@code first...last} and single keys, in the definition's order (each key once); keys the
     * definition does not place (a dynamic key since removed) follow, as they are. Pure.
     */
    public static List<String> compact(List<String> keys, Optional<PartitionsDefinition> definition, Instant now) {
        if (keys.size() < 2 || definition.isEmpty()) {
            return List.copyOf(keys);
        }
        PartitionSpace space = definition.get().at(now);
        IndexRanges.Builder placed = IndexRanges.builder();
        List<String> unplaced = new ArrayList<>();
        for (String key : keys) {
            OptionalLong index = space.indexOf(key);
            if (index.isPresent()) {
                placed.add(index.getAsLong());
            } else if (!unplaced.contains(key)) {
                unplaced.add(key);
            }
        }
        List<String> out = new ArrayList<>();
        for (PartitionKeyRange r : space.subset(placed.build()).keyRanges()) {
            out.add(r.toString());
        }
        out.addAll(unplaced);
        return out;
    }

    /** The keys a list of ranges and single keys names, in order: what {@link #compact} undoes. */
    public static List<String> expand(List<String> ranges, Optional<PartitionsDefinition> definition, Instant now) {
        if (definition.isEmpty()) {
            return List.copyOf(ranges);
        }
        PartitionSpace space = definition.get().at(now);
        List<String> keys = new ArrayList<>();
        for (String token : ranges) {
            int dots = token.indexOf("...");
            if (dots < 0) {
                keys.add(token);
            } else {
                keys.addAll(space.subset(new PartitionKeyRange(token.substring(0, dots), token.substring(dots + 3)))
                        .keys());
            }
        }
        return keys;
    }
}
