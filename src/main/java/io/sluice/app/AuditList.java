package io.sluice.app;

import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditFilter;
import io.sluice.audit.AuditLog;
import io.sluice.audit.AuditSearch;
import io.sluice.backfill.BackfillService;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.lists.ListFilters;
import io.sluice.runs.PartitionRanges;
import io.sluice.runs.RunService;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.function.Function;

/**
 * The audit trail of every face ({@code GET /api/audit}, the audit page and its CSV): events newest first, read by
 * keyset on their id (ids grow as events are appended), with their details compacted as every face shows them.
 */
@ApplicationScoped
public class AuditList {

    static final String LIST = "audit";

    private final AuditLog audit;
    private final RunService runs;
    private final BackfillService backfills;
    private final PartitionRanges ranges;

    public AuditList(AuditLog audit, RunService runs, BackfillService backfills, PartitionRanges ranges) {
        this.audit = audit;
        this.runs = runs;
        this.backfills = backfills;
        this.ranges = ranges;
    }

    /** The filter of the query parameters {@link ListFilters#AUDIT_PARAMETERS}, read by the rules of every list. */
    public AuditFilter filter(Function<String, String> param) {
        return ListFilters.audit(param, new ListFilters.Ids(runs::resolveId, backfills::resolveId));
    }

    /** A page of the events {@code filter} keeps; the caller must be allowed to read. */
    public ListPage<AuditEvent> page(Caller caller, AuditFilter filter, PageRequest page) {
        caller.require(Action.READ);
        if (page.backwards()) {
            throw new IllegalArgumentException("the audit trail is read forwards only");
        }
        Optional<Long> before = page.cursor().map(c -> Cursor.read(LIST, 1, c).number());
        return ListPage.of(
                        audit.search(new AuditSearch(filter, before, page.limit() + 1)),
                        page.limit(),
                        e -> Cursor.at(LIST, e.id()))
                .map(ranges::compactDetail);
    }
}
