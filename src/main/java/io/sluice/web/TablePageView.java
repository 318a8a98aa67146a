package io.sluice.web;

import java.util.List;

/**
 * The table page: the table, the as-of pickers as typed, a page of rows with links to the pages beside it, and, for
 * {@code ?run=}, what that run changed; {@code error} names a filter the page could not read.
 */
public record TablePageView(
        DataPageRow table,
        String asOf,
        String systemTime,
        String key,
        String run,
        TablePageGrid grid,
        int first,
        String previous,
        String next,
        Changes changes,
        String field,
        String error) {

    /** What one run changed in the table: its writes and, for bi-temporal tables, the versions it opened and closed. */
    public record Changes(
            String runId,
            String shortRun,
            List<Write> writes,
            boolean versions,
            List<String> systemTimes,
            TablePageGrid opened,
            TablePageGrid closed,
            String rollback) {}

    /** One publish of the run to this table, from the lake's write log. */
    public record Write(
            String partition, String writtenAt, String writtenAtIso, String inserted, String removed, String current) {}
}
