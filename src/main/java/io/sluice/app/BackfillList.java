package io.sluice.app;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillFilter;
import io.sluice.backfill.BackfillProgress;
import io.sluice.backfill.BackfillService;
import io.sluice.backfill.BackfillStore;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.function.Function;

/**
 * The backfills list of every face ({@code GET /api/backfills}, the backfills page): backfills newest first, ties
 * broken by id, read by keyset on (created at, id), each with its progress.
 */
@ApplicationScoped
public class BackfillList {

    static final String LIST = "backfills";

    /** A backfill and where it stands. */
    public record Item(Backfill backfill, BackfillProgress progress) {}

    private final BackfillService backfills;

    public BackfillList(BackfillService backfills) {
        this.backfills = backfills;
    }

    /** The filter of the query parameters {@link BackfillFilter#PARAMETERS}, read by the rules of every list. */
    public BackfillFilter filter(Function<String, String> param) {
        return BackfillFilter.read(param);
    }

    /** A page of the backfills {@code filter} keeps, with their progress; the caller must be allowed to read. */
    public ListPage<Item> page(Caller caller, BackfillFilter filter, PageRequest page) {
        caller.require(Action.READ);
        if (page.backwards()) {
            throw new IllegalArgumentException("the backfills list is read forwards only");
        }
        Optional<BackfillStore.Position> after = page.cursor().map(encoded -> {
            Cursor c = Cursor.read(LIST, 2, encoded);
            return new BackfillStore.Position(c.instant(), c.id("[0-9A-Za-z-]{1,64}"));
        });
        return ListPage.of(
                        backfills.list(filter, after, page.limit() + 1),
                        page.limit(),
                        b -> Cursor.at(LIST, b.createdAt(), b.id()))
                .map(b -> new Item(b, backfills.progress(b)));
    }
}
