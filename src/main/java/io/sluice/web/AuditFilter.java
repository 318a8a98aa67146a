package io.sluice.web;

import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditSearch;
import io.sluice.runs.RequestRejected;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The audit log's filters as the query string gives them ({@code actor, action, target, from, to}), the keyset cursor
 * {@code before} and the page size: what the page and the CSV export read alike.
 */
record AuditFilter(
        Optional<String> actor,
        Optional<AuditAction> action,
        Optional<String> target,
        Optional<Instant> from,
        Optional<Instant> to,
        Optional<Long> before,
        int limit) {

    static final int PAGE = 50;
    static final int MAX_PAGE = 500;

    static final AuditFilter NONE = new AuditFilter(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            PAGE);

    /** @throws RequestRejected naming the field that cannot be read or is not allowed */
    static AuditFilter parse(
            String actor, String action, String target, String from, String to, String before, String limit) {
        Optional<Instant> after = DataPageParams.instant("from", from);
        Optional<Instant> until = DataPageParams.instant("to", to);
        if (after.isPresent() && until.isPresent() && !after.get().isBefore(until.get())) {
            throw RequestRejected.invalid("from", "from must be before to");
        }
        return new AuditFilter(
                DataPageParams.text("actor", actor),
                action(action),
                DataPageParams.text("target", target),
                after,
                until,
                DataPageParams.positiveLong("before", before),
                DataPageParams.between("limit", limit, 1, MAX_PAGE, PAGE));
    }

    private static Optional<AuditAction> action(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(AuditAction.valueOf(value.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid(
                    "action",
                    "action must be one of " + List.of(AuditAction.values()) + ", got '" + value.trim() + "'");
        }
    }

    AuditSearch search(int pageSize) {
        return new AuditSearch(actor, action, target, from, to, before, pageSize);
    }

    /** The query string of these filters (without the cursor), for the export link and the next page's link. */
    String query() {
        List<String> parts = new ArrayList<>();
        actor.ifPresent(a -> parts.add("actor=" + encode(a)));
        action.ifPresent(a -> parts.add("action=" + a.name()));
        target.ifPresent(t -> parts.add("target=" + encode(t)));
        from.ifPresent(f -> parts.add("from=" + encode(f.toString())));
        to.ifPresent(t -> parts.add("to=" + encode(t.toString())));
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
