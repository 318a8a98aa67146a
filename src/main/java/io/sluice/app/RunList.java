package io.sluice.app;

import io.sluice.backfill.BackfillService;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.lists.ListFilters;
import io.sluice.runs.Run;
import io.sluice.runs.RunCursor;
import io.sluice.runs.RunFilter;
import io.sluice.runs.RunListing;
import io.sluice.runs.RunPageQuery;
import io.sluice.runs.RunService;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Function;

/**
 * The runs list of every face ({@code GET /api/runs}, the runs page): runs newest first, ties broken by id, read by
 * keyset on (created at, id), so that a page is the same whatever was launched since the page before.
 */
@ApplicationScoped
public class RunList {

    static final String LIST = "runs";

    private final RunService runs;
    private final BackfillService backfills;

    public RunList(RunService runs, BackfillService backfills) {
        this.runs = runs;
        this.backfills = backfills;
    }

    /** The filter of the query parameters {@link ListFilters#RUN_PARAMETERS}, read by the rules of every list. */
    public RunFilter filter(Function<String, String> param) {
        return ListFilters.runs(param, backfills::resolveId);
    }

    /** A page of the runs {@code filter} keeps; the caller must be allowed to read. */
    public ListPage<Run> page(Caller caller, RunFilter filter, PageRequest page) {
        caller.require(Action.READ);
        RunPageQuery query = RunPageQuery.of(filter, page.limit());
        if (page.cursor().isPresent()) {
            query = query.at(
                    position(page.cursor().get()),
                    page.backwards() ? RunPageQuery.Direction.NEWER : RunPageQuery.Direction.OLDER);
        }
        RunListing listing = runs.page(query);
        return new ListPage<>(
                listing.runs(),
                listing.older().map(RunList::cursor),
                listing.newer().map(RunList::cursor));
    }

    static Cursor cursor(RunCursor at) {
        return Cursor.at(LIST, at.createdAt(), at.id());
    }

    static RunCursor position(String encoded) {
        Cursor c = Cursor.read(LIST, 2, encoded);
        return new RunCursor(c.instant(), c.id("[0-9A-Za-z-]{1,64}"));
    }
}
