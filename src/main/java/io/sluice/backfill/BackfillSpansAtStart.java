package io.sluice.backfill;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.sluice.catalog.AssetCatalog;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.Run;
import io.sluice.runs.RunFilter;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunListing;
import io.sluice.runs.RunPageQuery;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Backfills stored before their runs' spans were kept get them at start, once, from their runs' partitions (in the
 * order of the backfill's first partitions definition, as a launch places them), each backfill in a transaction of
 * its own. Another process filling the same backfill at once makes this one's insert fail: it is left to that one.
 */
@ApplicationScoped
class BackfillSpansAtStart {

    private static final Logger LOG = Logger.getLogger(BackfillSpansAtStart.class);

    private final BackfillStore store;
    private final BackfillRuns spans;
    private final RunHistory history;
    private final AssetCatalog catalog;
    private final InstantSource clock;

    BackfillSpansAtStart(
            BackfillStore store, BackfillRuns spans, RunHistory history, AssetCatalog catalog, InstantSource clock) {
        this.store = store;
        this.spans = spans;
        this.history = history;
        this.catalog = catalog;
        this.clock = clock;
    }

    void onStart(@Observes StartupEvent event) {
        for (String id : spans.backfillsWithoutSpans()) {
            try {
                fill(id);
            } catch (RuntimeException e) {
                LOG.warnf(e, "backfill %s: its runs' partitions could not be placed; its pages list none", id);
            }
        }
    }

    void fill(String id) {
        Backfill b = store.find(id).orElseThrow();
        Map<String, Run> runs = new LinkedHashMap<>();
        RunPageQuery first = RunPageQuery.of(RunFilter.NONE.withGroup(id), RunPageQuery.MAX_LIMIT);
        for (RunListing page = history.page(first); ; ) {
            page.runs().forEach(r -> runs.putIfAbsent(r.id(), r));
            if (page.older().isEmpty()) {
                break;
            }
            page = history.page(first.at(page.older().get(), RunPageQuery.Direction.OLDER));
        }
        Optional<PartitionSpace> anchor = b.assets().stream()
                .map(catalog::find)
                .flatMap(Optional::stream)
                .map(a -> a.spec().partitions())
                .filter(PartitionsDefinition::isPartitioned)
                .findFirst()
                .map(d -> d.at(clock.instant()));
        List<RunSpan> placed = RunSpans.fromRuns(
                new ArrayList<>(runs.values()),
                key -> anchor.flatMap(s -> {
                            var index = s.indexOf(key);
                            return index.isPresent() ? Optional.of(index.getAsLong()) : Optional.empty();
                        })
                        .orElse(Long.MAX_VALUE));
        QuarkusTransaction.requiringNew().run(() -> spans.create(id, placed));
        LOG.infof("backfill %s: placed its %d runs among its partitions", id, placed.size());
    }
}
