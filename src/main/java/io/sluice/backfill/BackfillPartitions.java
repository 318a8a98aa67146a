package io.sluice.backfill;

import io.sluice.catalog.AssetCatalog;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where each partition of a backfill stands: the status of its runs in the backfill, the one that matters most when
 * several runs (assets) hold it, in the order of the backfill's partitions. One query per run status.
 */
@ApplicationScoped
public class BackfillPartitions {

    /** A partition of the backfill and the status its runs add up to. */
    public record PartitionStatus(String partition, RunStatus status) {}

    /** From most to least telling: a failure shows over a success of the same partition (another asset's run). */
    static final List<RunStatus> PRECEDENCE = List.of(
            RunStatus.FAILURE,
            RunStatus.CANCELED,
            RunStatus.STARTED,
            RunStatus.QUEUED,
            RunStatus.SKIPPED,
            RunStatus.SUCCESS);

    private final RunHistory history;
    private final AssetCatalog catalog;
    private final InstantSource clock;

    BackfillPartitions(RunHistory history, AssetCatalog catalog, InstantSource clock) {
        this.history = history;
        this.catalog = catalog;
        this.clock = clock;
    }

    public List<PartitionStatus> of(Backfill backfill) {
        Map<RunStatus, List<String>> byStatus = new HashMap<>();
        for (RunStatus status : PRECEDENCE) {
            byStatus.put(status, history.partitionsOfGroup(backfill.id(), EnumSet.of(status)));
        }
        Optional<PartitionSpace> anchor = backfill.assets().stream()
                .map(catalog::find)
                .flatMap(Optional::stream)
                .map(a -> a.spec().partitions())
                .filter(PartitionsDefinition::isPartitioned)
                .findFirst()
                .map(d -> d.at(clock.instant()));
        return ordered(byStatus, key -> anchor.map(s -> s.indexOf(key)).orElse(OptionalLong.empty()));
    }

    /**
     * The partitions with the status of highest precedence each, ordered by their index in the backfill's first
     * partitions definition (keys it does not hold, of assets partitioned otherwise, follow in key order). Pure.
     */
    static List<PartitionStatus> ordered(
            Map<RunStatus, List<String>> byStatus, java.util.function.Function<String, OptionalLong> index) {
        Map<String, RunStatus> status = new HashMap<>();
        for (RunStatus s : PRECEDENCE) {
            byStatus.getOrDefault(s, List.of()).forEach(p -> status.putIfAbsent(p, s));
        }
        Map<String, Long> indexes = new HashMap<>();
        status.keySet().forEach(k -> indexes.put(k, index.apply(k).orElse(Long.MAX_VALUE)));
        return status.entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, RunStatus>>comparingLong(e -> indexes.get(e.getKey()))
                        .thenComparing(Map.Entry::getKey))
                .map(e -> new PartitionStatus(e.getKey(), e.getValue()))
                .toList();
    }
}
