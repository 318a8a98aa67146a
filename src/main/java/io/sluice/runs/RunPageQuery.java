package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Optional;

/**
 * One page of the runs list, newest first, read by keyset (never by offset): the runs {@code filter} keeps, and where
 * the page starts. With no cursor the page holds the newest runs; {@link Direction#OLDER} takes the runs just older
 * than the cursor, {@link Direction#NEWER} the runs just newer than it (still listed newest first).
 */
public record RunPageQuery(RunFilter filter, Optional<RunCursor> cursor, Direction direction, int limit) {

    public static final int MAX_LIMIT = 500;

    /** Which side of the cursor the page lies on. */
    public enum Direction {
        OLDER,
        NEWER
    }

    public RunPageQuery {
        filter = filter == null ? RunFilter.NONE : filter;
        cursor = cursor == null ? Optional.empty() : cursor;
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
        direction = direction == null ? Direction.OLDER : direction;
    }

    /** The newest {@code limit} runs, unfiltered. */
    public static RunPageQuery newest(int limit) {
        return new RunPageQuery(RunFilter.NONE, Optional.empty(), Direction.OLDER, limit);
    }

    /** The newest {@code limit} runs that {@code filter} keeps. */
    public static RunPageQuery of(RunFilter filter, int limit) {
        return new RunPageQuery(filter, Optional.empty(), Direction.OLDER, limit);
    }

    /** The same filters, on the page at {@code cursor} in {@code direction}. */
    public RunPageQuery at(RunCursor cursor, Direction direction) {
        return new RunPageQuery(filter, Optional.of(cursor), direction, limit);
    }

    private RunPageQuery filtered(RunFilter f) {
        return new RunPageQuery(f, cursor, direction, limit);
    }

    public RunPageQuery withStatus(RunStatus s) {
        return filtered(filter.withStatus(s));
    }

    public RunPageQuery withAsset(AssetKey a) {
        return filtered(filter.withAsset(a));
    }

    public RunPageQuery withMode(MaterializationMode m) {
        return filtered(filter.withMode(m));
    }

    public RunPageQuery withLaunchedBy(String who) {
        return filtered(filter.withLaunchedBy(who));
    }

    public RunPageQuery withGroup(String g) {
        return filtered(filter.withGroup(g));
    }

    public RunPageQuery withTag(String key, Optional<String> value) {
        return filtered(filter.withTag(key, value));
    }

    public RunPageQuery withPartition(String key) {
        return filtered(filter.withPartition(key));
    }

    public RunPageQuery createdBetween(Optional<Instant> from, Optional<Instant> before) {
        return filtered(filter.createdBetween(from, before));
    }
}
