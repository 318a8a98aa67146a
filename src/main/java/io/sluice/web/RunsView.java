package io.sluice.web;

import java.util.List;

/**
 * What the runs list shows: the filters as typed, one page of runs, the links to the pages beside it (blank where
 * there is none) and, for a filter it could not read, the message and the field.
 */
public record RunsView(
        RunsFilter filter,
        List<Listed> runs,
        String newerHref,
        String olderHref,
        String error,
        String errorField,
        Options options) {

    /** One run of the list and what launched it, from its tags. */
    public record Listed(RunRow row, List<OriginLink> origins) {}

    /** The choices of the filter form. */
    public record Options(List<String> statuses, List<String> modes, List<String> origins, List<String> assets) {}

    public boolean paged() {
        return !newerHref.isEmpty() || !olderHref.isEmpty();
    }
}
