package io.sluice.web;

import io.sluice.lists.ListFilters;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunCursor;
import io.sluice.runs.RunPageQuery;
import io.sluice.runs.ShortIds;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The filters of the runs list as they are in the query string (kept as typed, to fill the form again and to link
 * the neighbour pages), read into a {@link RunPageQuery} by {@link ListFilters#runs}, as {@code GET /api/runs} reads
 * them: what is not a status, mode, origin, time or position in the list is refused naming its field.
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
        String before,
        String after) {

    public static final int PAGE_SIZE = 50;

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
        before = trim(before);
        after = trim(after);
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
                param.apply("before"),
                param.apply("after"));
    }

    /**
     * The store's query of this filter, a page of {@code limit} runs: the filters read as {@link ListFilters#runs} reads
     * them (as {@code GET /api/runs} does), and the position; refused naming the first field that is wrong.
     */
    RunPageQuery query(int limit, ShortIds.Resolver backfillIds) {
        RunPageQuery q = RunPageQuery.of(ListFilters.runs(this::value, backfillIds), limit);
        if (!before.isEmpty() && !after.isEmpty()) {
            throw RequestRejected.invalid("after", "give either before or after, not both");
        }
        if (!before.isEmpty()) {
            q = q.at(RunCursor.parse("before", before), RunPageQuery.Direction.OLDER);
        } else if (!after.isEmpty()) {
            q = q.at(RunCursor.parse("after", after), RunPageQuery.Direction.NEWER);
        }
        return q;
    }

    /** The value typed for a filter parameter. */
    private String value(String parameter) {
        return filters().getOrDefault(parameter, "");
    }

    /** The query string of these filters at another position ({@code before} or {@code after} a cursor, or the top). */
    String href(String direction, Optional<RunCursor> cursor) {
        Map<String, String> params = filters();
        cursor.ifPresent(c -> params.put(direction, c.encode()));
        return "/runs"
                + (params.isEmpty()
                        ? ""
                        : "?"
                                + params.entrySet().stream()
                                        .map(e -> e.getKey() + "=" + OriginLink.encode(e.getValue()))
                                        .collect(Collectors.joining("&")));
    }

    /** The list's first page with these filters. */
    public String newestHref() {
        return href("", Optional.empty());
    }

    /** Whether any filter (not the position) is set. */
    public boolean filtered() {
        return !filters().isEmpty();
    }

    private Map<String, String> filters() {
        Map<String, String> params = new LinkedHashMap<>();
        put(params, "status", status);
        put(params, "asset", asset);
        put(params, "mode", mode);
        put(params, "launchedBy", launchedBy);
        put(params, "backfill", backfill);
        put(params, "origin", origin);
        put(params, "name", name);
        put(params, "partition", partition);
        put(params, "from", from);
        put(params, "until", until);
        return params;
    }

    private static void put(Map<String, String> params, String name, String value) {
        if (!value.isEmpty()) {
            params.put(name, value);
        }
    }

    private static String trim(String value) {
        return value == null ? "" : value.strip();
    }
}
