package io.sluice.web;

import io.sluice.app.Cursor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The address of a list page with its filters as typed (the parameters given, in the order the form shows them): the
 * links to its first page, to the page at a cursor and to its export keep every filter. The one way the runs, audit and
 * backfills pages link their pages.
 */
record ListAddress(String path, Map<String, String> filters) {

    /** The query parameter of the runs page's Newer link: the page just before a cursor. */
    static final String PREVIOUS = "previous";

    ListAddress {
        filters = Map.copyOf(new LinkedHashMap<>(filters));
    }

    /** The filters {@code names} as the query string gives them ({@code param}: a first value, or null), stripped. */
    static ListAddress of(String path, List<String> names, Function<String, String> param) {
        Map<String, String> typed = new LinkedHashMap<>();
        for (String name : names) {
            String value = param.apply(name);
            if (value != null && !value.isBlank()) {
                typed.put(name, value.strip());
            }
        }
        return new ListAddress(path, typed);
    }

    /** The value typed for a filter, "" when not given. */
    String value(String name) {
        return filters.getOrDefault(name, "");
    }

    /** Whether any filter is set. */
    boolean filtered() {
        return !filters.isEmpty();
    }

    /** The list's first page with these filters. */
    String first() {
        return href(Map.of());
    }

    /** The page after {@code cursor} (older), with these filters. */
    String at(Cursor cursor) {
        return href(Map.of(Cursor.PARAMETER, cursor.encode()));
    }

    /** The page just before {@code cursor} (newer), with these filters. */
    String before(Cursor cursor) {
        return href(Map.of(PREVIOUS, cursor.encode()));
    }

    /** The same filters at another address (an export). */
    String elsewhere(String otherPath) {
        return new ListAddress(otherPath, filters).first();
    }

    private String href(Map<String, String> position) {
        Map<String, String> params = new LinkedHashMap<>();
        filters.keySet().stream().sorted().forEach(k -> params.put(k, filters.get(k)));
        params.putAll(position);
        return path
                + (params.isEmpty()
                        ? ""
                        : "?"
                                + params.entrySet().stream()
                                        .map(e -> e.getKey() + "=" + OriginLink.encode(e.getValue()))
                                        .collect(Collectors.joining("&")));
    }
}
