package io.sluice.automation;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The result of one trigger evaluation: what to launch ({@code launches}, and the same as one entry per asset
 * partition in {@code launched}), what is held and why, what was not launched again because it is already queued or
 * running, the partitions given up on after their last retry failed, and the cursor to persist together with the
 * launches ({@link #cursorAfter}, which follows the eager runs just launched).
 */
public record TriggerPlan(
        List<Launch> launches,
        List<AssetPartition> launched,
        List<Held> held,
        List<AssetPartition> alreadyActive,
        List<GivenUp> givenUp,
        List<Following> following,
        TriggerCursor cursor) {

    /**
     * What the cursor follows of {@code launches.get(i)}: its attempt (1 for the first) and partitions; none for runs of
     * other policies than eager and on_late, which are not retried.
     */
    public record Following(int attempt, Set<AssetPartition> partitions) {
        public static final Following NONE = new Following(0, Set.of());

        public Following {
            partitions = Set.copyOf(partitions);
        }
    }

    /** A partition whose last allowed attempt failed: not launched again until its upstream changes again. */
    public record GivenUp(AssetPartition partition, String detail) {
        public GivenUp {
            Objects.requireNonNull(partition, "partition");
            Objects.requireNonNull(detail, "detail");
        }
    }

    public TriggerPlan {
        launches = List.copyOf(launches);
        launched = List.copyOf(launched);
        held = List.copyOf(held);
        alreadyActive = List.copyOf(alreadyActive);
        givenUp = List.copyOf(givenUp);
        following = List.copyOf(following);
        if (following.size() != launches.size()) {
            throw new IllegalArgumentException("one following entry per launch");
        }
    }

    public TriggerPlan(
            List<Launch> launches,
            List<AssetPartition> launched,
            List<Held> held,
            List<AssetPartition> alreadyActive,
            TriggerCursor cursor) {
        this(
                launches,
                launched,
                held,
                alreadyActive,
                List.of(),
                launches.stream().map(l -> Following.NONE).toList(),
                cursor);
    }

    /**
     * The cursor to persist once the launches became the runs {@code runIds} (in the order of {@link #launches}): each
     * eager run is followed until it ends, so that a failure is retried.
     */
    public TriggerCursor cursorAfter(List<String> runIds) {
        if (runIds.size() != launches.size()) {
            throw new IllegalArgumentException(
                    runIds.size() + " run ids for " + launches.size() + " launches: one run per launch");
        }
        Set<TriggerCursor.Followed> followed = new HashSet<>(cursor.followed());
        for (int i = 0; i < launches.size(); i++) {
            Following f = following.get(i);
            if (f.attempt() > 0) {
                followed.add(new TriggerCursor.Followed(runIds.get(i), f.attempt(), f.partitions()));
            }
        }
        return new TriggerCursor(
                cursor.eventSequence(),
                cursor.cronTicks(),
                cursor.held(),
                cursor.waiting(),
                followed,
                cursor.retries(),
                cursor.givenUp());
    }
}
