package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Where trigger evaluation stands, persisted together with the launches of the evaluation that produced it: the last
 * materialization event read, the last cron tick handled per {@code on_cron} asset, the eager downstream partitions
 * held for later ({@code held}) and the upstream partitions whose downstream partition does not exist yet
 * ({@code waiting}, e.g. the last hour of a day that has not ended). A crash before the commit re-reads the same
 * events from the old cursor and plans the same launches.
 */
public record TriggerCursor(
        long eventSequence, Map<AssetKey, Instant> cronTicks, Set<AssetPartition> held, Set<Waiting> waiting) {

    public static final TriggerCursor START = new TriggerCursor(0, Map.of(), Set.of(), Set.of());

    /** An upstream partition materialized for {@code downstream}, whose mapped downstream partition does not exist yet. */
    public record Waiting(AssetKey downstream, AssetPartition upstream) {
        public Waiting {
            Objects.requireNonNull(downstream, "downstream");
            Objects.requireNonNull(upstream, "upstream");
        }
    }

    public TriggerCursor {
        cronTicks = Map.copyOf(cronTicks);
        held = Set.copyOf(held);
        waiting = Set.copyOf(waiting);
    }
}
