package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.Optional;

/**
 * A filter over stored runs, newest first: by status, asset, group; {@code queuedGroupRuns} false leaves out
 * the queued runs of groups (thousands of them; the home page counts them in the panel of their group instead).
 */
public record RunQuery(
        Optional<RunStatus> status,
        Optional<AssetKey> asset,
        Optional<String> group,
        boolean queuedGroupRuns,
        int limit,
        int offset) {

    public static final int MAX_LIMIT = 500;

    public RunQuery {
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

    public static RunQuery latest(int limit) {
        return new RunQuery(Optional.empty(), Optional.empty(), limit, 0);
    }

    public RunQuery withoutQueuedGroupRuns() {
        return new RunQuery(status, asset, group, false, limit, offset);
    }
}
