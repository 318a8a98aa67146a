package io.sluice.runs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A page of the runs list, newest first, and the cursors of its neighbours: {@code newer} to read with
 * {@link RunPageQuery.Direction#NEWER}, {@code older} with {@link RunPageQuery.Direction#OLDER}; empty where there is
 * no such page.
 */
public record RunListing(List<Run> runs, Optional<RunCursor> newer, Optional<RunCursor> older) {

    public RunListing {
        runs = List.copyOf(runs);
    }

    /**
     * The page from what the store read: up to {@code limit + 1} runs in reading order (newest first for OLDER, oldest
     * first for NEWER), the extra one only telling that there is more in the reading direction.
     */
    public static RunListing of(List<Run> read, RunPageQuery query) {
        boolean more = read.size() > query.limit();
        List<Run> page = new ArrayList<>(more ? read.subList(0, query.limit()) : read);
        boolean cameFromCursor = query.cursor().isPresent();
        boolean hasNewer;
        boolean hasOlder;
        if (query.direction() == RunPageQuery.Direction.NEWER) {
            Collections.reverse(page);
            hasNewer = more;
            hasOlder = cameFromCursor;
        } else {
            hasNewer = cameFromCursor;
            hasOlder = more;
        }
        if (page.isEmpty()) {
            // past either end: offer the way back to where the reader came from
            return new RunListing(
                    page,
                    query.direction() == RunPageQuery.Direction.OLDER ? query.cursor() : Optional.empty(),
                    query.direction() == RunPageQuery.Direction.NEWER ? query.cursor() : Optional.empty());
        }
        return new RunListing(
                page,
                hasNewer ? Optional.of(RunCursor.of(page.get(0))) : Optional.empty(),
                hasOlder ? Optional.of(RunCursor.of(page.get(page.size() - 1))) : Optional.empty());
    }
}
