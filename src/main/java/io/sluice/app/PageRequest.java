package io.sluice.app;

import io.sluice.runs.RequestRejected;
import java.util.Optional;

/**
 * Which page of a list to read: at most {@code limit} items, after {@code cursor} (from the first, newest item when
 * absent). With {@code backwards}, the page just before the cursor (still newest first), as a page's Newer link reads
 * it; only the runs list reads backwards.
 */
public record PageRequest(int limit, Optional<String> cursor, boolean backwards) {

    /** The most items one page holds. */
    public static final int MAX_LIMIT = 500;

    /** How many items a page holds when the caller does not say. */
    public static final int DEFAULT_LIMIT = 50;

    public PageRequest {
        cursor = cursor == null ? Optional.empty() : cursor.filter(c -> !c.isBlank());
        if (limit < 1 || limit > MAX_LIMIT) {
            throw RequestRejected.invalid("limit", "limit must be between 1 and " + MAX_LIMIT + ", not " + limit);
        }
        if (backwards && cursor.isEmpty()) {
            throw new IllegalArgumentException("a page before a position needs that position");
        }
    }

    /** The first page. */
    public static PageRequest first(int limit) {
        return new PageRequest(limit, Optional.empty(), false);
    }

    /** The page after {@code cursor} (encoded, as a client sent it), or the first when it is blank. */
    public static PageRequest after(int limit, String cursor) {
        return new PageRequest(limit, Optional.ofNullable(cursor), false);
    }
}
