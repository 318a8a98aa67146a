package io.sluice.app;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A page of a list, newest first: its items, the cursor of the next (older) page, absent at the end, and the cursor of
 * the previous (newer) page, absent at the start or where the list does not read backwards.
 */
public record ListPage<T>(List<T> items, Optional<Cursor> next, Optional<Cursor> previous) {

    public ListPage {
        items = List.copyOf(items);
        next = next == null ? Optional.empty() : next;
        previous = previous == null ? Optional.empty() : previous;
    }

    /**
     * The page from what a store read after a position: up to {@code limit + 1} items newest first, the extra one only
     * telling that there is a next page, whose cursor is the last item's.
     */
    public static <T> ListPage<T> of(List<T> read, int limit, Function<T, Cursor> cursor) {
        if (read.size() <= limit) {
            return new ListPage<>(read, Optional.empty(), Optional.empty());
        }
        List<T> page = read.subList(0, limit);
        return new ListPage<>(page, Optional.of(cursor.apply(page.get(limit - 1))), Optional.empty());
    }

    public <R> ListPage<R> map(Function<T, R> f) {
        return new ListPage<>(items.stream().map(f).toList(), next, previous);
    }
}
