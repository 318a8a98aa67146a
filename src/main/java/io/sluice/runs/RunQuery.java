package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.Optional;

/**
 * The newest stored runs, at most {@code limit}: the runs {@code filter} keeps; {@code queuedGroupRuns} false leaves
 * out the queued runs of groups (thousands of them; the home page counts them in the panel of their group instead). A
 * list that pages reads by keyset ({@link RunPageQuery}), never by offset.
 */
public record RunQuery(RunFilter filter, boolean queuedGroupRuns, int limit) {

    public static final int MAX_LIMIT = 500;

    public RunQuery {
        filter = filter == null ? RunFilter.NONE : filter;
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
    }

    public RunQuery(Optional<RunStatus> status, Optional<AssetKey> asset, int limit) {
        this(status, asset, Optional.empty(), true, limit);
    }

    public RunQuery(
            Optional<RunStatus> status,
            Optional<AssetKey> asset,
            Optional<String> group,
            boolean queuedGroupRuns,
            int limit) {
        this(
                new RunFilter(
                        status,
                        asset,
                        Optional.empty(),
                        Optional.empty(),
                        group,
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty()),
                queuedGroupRuns,
                limit);
    }

    public static RunQuery latest(int limit) {
        return new RunQuery(RunFilter.NONE, true, limit);
    }

    public RunQuery withoutQueuedGroupRuns() {
        return new RunQuery(filter, false, limit);
    }
}
