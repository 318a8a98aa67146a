package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.Optional;

/**
 * A list of stored runs, newest first, by offset: the runs {@code filter} keeps; {@code queuedGroupRuns} false leaves
 * out the queued runs of groups (thousands of them; the home page counts them in the panel of their group instead).
 */
public record RunQuery(RunFilter filter, boolean queuedGroupRuns, int limit, int offset) {

    public static final int MAX_LIMIT = 500;

    public RunQuery {
        filter = filter == null ? RunFilter.NONE : filter;
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0");
        }
    }

    public RunQuery(Optional<RunStatus> status, Optional<AssetKey> asset, int limit, int offset) {
        this(status, asset, Optional.empty(), true, limit, offset);
    }

    public RunQuery(
            Optional<RunStatus> status,
            Optional<AssetKey> asset,
            Optional<String> group,
            boolean queuedGroupRuns,
            int limit,
            int offset) {
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
                limit,
                offset);
    }

    public static RunQuery latest(int limit) {
        return new RunQuery(RunFilter.NONE, true, limit, 0);
    }

    public RunQuery withoutQueuedGroupRuns() {
        return new RunQuery(filter, false, limit, offset);
    }
}
