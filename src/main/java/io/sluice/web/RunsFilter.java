package io.sluice.web;

import io.sluice.app.Cursor;
import io.sluice.app.PageRequest;
import io.sluice.lists.ListFilters;
import io.sluice.runs.RequestRejected;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The filters of the runs list as they are in the query string (kept as typed, to fill the form again and to link
 * the neighbour pages), read by {@code RunList.filter} as {@code GET /api/runs} reads them, and the page's position: a
 * {@code cursor} (the Older link, as the API's Link header gives it) or a {@code previous} one (the Newer link).
 */
public record RunsFilter(
        String status,
        String asset,
        String mode,
        String launchedBy,
        String backfill,
        String origin,
        String name,
        String partition,
        String from,
        String until,
        String limit,
        String cursor,
        String previous) {

    public static final int PAGE_SIZE = 50;

    /** The query parameters of the page's address: the filters, and how many runs a page shows. */
    static final List<String> ADDRESS = Stream.concat(ListFilters.RUN_PARAMETERS.stream(), Stream.of("limit"))
            .toList();

    public RunsFilter {
        status = trim(status);
        asset = trim(asset);
        mode = trim(mode);
        launchedBy = trim(launchedBy);
        backfill = trim(backfill);
        origin = trim(origin);
        name = trim(name);
        partition = trim(partition);
        from = trim(from);
        until = trim(until);
        limit = trim(limit);
        cursor = trim(cursor);
        previous = trim(previous);
    }

    /** From the query string's first value of each parameter. */
    static RunsFilter of(Function<String, String> param) {
        return new RunsFilter(
                param.apply("status"),
                param.apply("asset"),
                param.apply("mode"),
                param.apply("launchedBy"),
                param.apply("backfill"),
                param.apply("origin"),
                param.apply("name"),
                param.apply("partition"),
                param.apply("from"),
                param.apply("until"),
                param.apply("limit"),
                param.apply(Cursor.PARAMETER),
                param.apply(ListAddress.PREVIOUS));
    }

    /** The list's address with these filters and page size (not the position). */
    ListAddress address() {
        return ListAddress.of("/runs", ADDRESS, this::value);
    }

    /** The page at this position, of {@code limit} runs ({@link #PAGE_SIZE} when not given); refused when both positions are given. */
    PageRequest page() {
        if (!cursor.isEmpty() && !previous.isEmpty()) {
            throw RequestRejected.invalid(ListAddress.PREVIOUS, "give either cursor or previous, not both");
        }
        int size = DataPageParams.between("limit", limit, 1, PageRequest.MAX_LIMIT, PAGE_SIZE);
        return previous.isEmpty()
                ? PageRequest.after(size, cursor)
                : new PageRequest(size, Optional.of(previous), true);
    }

    /** The value typed for a filter parameter. */
    String value(String parameter) {
        return switch (parameter) {
            case "status" -> status;
            case "asset" -> asset;
            case "mode" -> mode;
            case "launchedBy" -> launchedBy;
            case "backfill" -> backfill;
            case "origin" -> origin;
            case "name" -> name;
            case "partition" -> partition;
            case "from" -> from;
            case "until" -> until;
            case "limit" -> limit;
            default -> "";
        };
    }

    /** The list's first page with these filters. */
    public String newestHref() {
        return address().first();
    }

    /** Whether any filter (not the position nor the page size) is set. */
    public boolean filtered() {
        return ListFilters.RUN_PARAMETERS.stream().anyMatch(p -> !value(p).isEmpty());
    }

    private static String trim(String value) {
        return value == null ? "" : value.strip();
    }
}
