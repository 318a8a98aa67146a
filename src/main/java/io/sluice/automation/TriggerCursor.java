package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Where trigger evaluation stands, persisted together with the launches of the evaluation that produced it: the last
 * materialization event read, the last cron tick handled per {@code on_cron} asset, the eager downstream partitions
 * held for later ({@code held}), the upstream partitions whose downstream partition does not exist yet
 * ({@code waiting}, e.g. the last hour of a day that has not ended), the eager runs launched and not yet seen to end
 * ({@code followed}), the partitions to launch again after a failed run ({@code retries}) and the {@code on_late}
 * partitions whose last attempt failed, not launched again while they stay late ({@code givenUp}). A crash before the
 * commit re-reads the same events from the old cursor and plans the same launches.
 */
public record TriggerCursor(
        long eventSequence,
        Map<AssetKey, Instant> cronTicks,
        Set<AssetPartition> held,
        Set<Waiting> waiting,
        Set<Followed> followed,
        Set<Retry> retries,
        Set<AssetPartition> givenUp) {

    public static final TriggerCursor START = new TriggerCursor(0, Map.of(), Set.of(), Set.of());

    /** An upstream partition materialized for {@code downstream}, whose mapped downstream partition does not exist yet. */
    public record Waiting(AssetKey downstream, AssetPartition upstream) {
        public Waiting {
            Objects.requireNonNull(downstream, "downstream");
            Objects.requireNonNull(upstream, "upstream");
        }
    }

    /** An eager or on_late run the trigger launched ({@code attempt} 1 for the first), followed until it ends. */
    public record Followed(String runId, int attempt, Set<AssetPartition> partitions) {
        public Followed {
            Objects.requireNonNull(runId, "runId");
            if (attempt < 1) {
                throw new IllegalArgumentException("attempt must be >= 1");
            }
            partitions = Set.copyOf(partitions);
        }
    }

    /** A downstream partition whose run {@code failedRun} failed: attempt {@code attempt} launches at {@code due}. */
    public record Retry(AssetPartition partition, int attempt, Instant due, String failedRun) {
        public Retry {
            Objects.requireNonNull(partition, "partition");
            if (attempt < 2) {
                throw new IllegalArgumentException("a retry is attempt 2 or later");
            }
            Objects.requireNonNull(due, "due");
            Objects.requireNonNull(failedRun, "failedRun");
        }
    }

    public TriggerCursor {
        cronTicks = Map.copyOf(cronTicks);
        held = Set.copyOf(held);
        waiting = Set.copyOf(waiting);
        followed = Set.copyOf(followed);
        retries = Set.copyOf(retries);
        givenUp = Set.copyOf(givenUp);
    }

    /** Nothing given up on. */
    public TriggerCursor(
            long eventSequence,
            Map<AssetKey, Instant> cronTicks,
            Set<AssetPartition> held,
            Set<Waiting> waiting,
            Set<Followed> followed,
            Set<Retry> retries) {
        this(eventSequence, cronTicks, held, waiting, followed, retries, Set.of());
    }

    public TriggerCursor(
            long eventSequence, Map<AssetKey, Instant> cronTicks, Set<AssetPartition> held, Set<Waiting> waiting) {
        this(eventSequence, cronTicks, held, waiting, Set.of(), Set.of(), Set.of());
    }

    /** When the earliest retry is due, if any: the evaluator should look then. */
    public Optional<Instant> nextRetry() {
        return retries.stream().map(Retry::due).min(Comparator.naturalOrder());
    }
}
