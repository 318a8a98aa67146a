package io.sluice.web;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditSearch;
import io.sluice.lists.ListFilters;
import io.sluice.runs.RequestRejected;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The audit log page's filters as the query string gives them, read by {@link ListFilters#audit} as
 * {@code GET /api/audit} reads them, with the page's keyset cursor {@code before} and its size: what the page and the
 * CSV export read alike.
 */
record AuditFilter(io.sluice.audit.AuditFilter filter, Optional<Long> before, int limit) {

    static final int PAGE = 50;
    static final int MAX_PAGE = 500;

    static final AuditFilter NONE = new AuditFilter(io.sluice.audit.AuditFilter.NONE, Optional.empty(), PAGE);

    /**
     * @param param a query parameter's first value (null when not given)
     * @throws RequestRejected naming the field that cannot be read or is not allowed
     */
    static AuditFilter parse(Function<String, String> param, ListFilters.Ids ids) {
        io.sluice.audit.AuditFilter filter = ListFilters.audit(param, ids);
        return new AuditFilter(
                filter,
                DataPageParams.positiveLong("before", param.apply("before")),
                DataPageParams.between("limit", param.apply("limit"), 1, MAX_PAGE, PAGE));
    }

    Optional<String> actor() {
        return filter.actor();
    }

    Optional<AuditAction> action() {
        return filter.action();
    }

    Optional<Instant> from() {
        return filter.from();
    }

    AuditSearch search(int pageSize) {
        return new AuditSearch(filter, before, 0, pageSize);
    }

    /** The query string of these filters (without the cursor), for the export link and the next page's link. */
    String query() {
        List<String> parts = new ArrayList<>();
        filter.actor().ifPresent(a -> parts.add("actor=" + encode(a)));
        filter.action().ifPresent(a -> parts.add("action=" + a.name()));
        filter.target().ifPresent(t -> parts.add("target=" + encode(t)));
        filter.asset().ifPresent(a -> parts.add("asset=" + encode(a)));
        filter.run().ifPresent(r -> parts.add("run=" + encode(r)));
        filter.backfill().ifPresent(b -> parts.add("backfill=" + encode(b)));
        filter.from().ifPresent(f -> parts.add("from=" + encode(f.toString())));
        filter.to().ifPresent(t -> parts.add("to=" + encode(t.toString())));
        if (limit != PAGE) {
            parts.add("limit=" + limit);
        }
        return String.join("&", parts);
    }

    /** The address of the page after the event {@code lastId}, with the same filters. */
    String next(long lastId) {
        String q = query();
        return "/audit?" + (q.isEmpty() ? "" : q + "&") + "before=" + lastId;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
