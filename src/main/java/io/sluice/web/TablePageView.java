package io.sluice.web;

import java.util.List;

/**
 * The table page: the table and its schema, the as-of pickers as typed, a page of rows with links to the pages beside it
 * (keyset cursors), and, for {@code ?run=}, what that run changed; {@code error} names a filter the page could not read.
 */
public record TablePageView(
        DataPageRow table,
        List<Column> columns,
        String asOf,
        String systemTime,
        String key,
        String run,
        TablePageGrid grid,
        boolean firstPage,
        String firstHref,
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
            String rollback,
            String undo) {}

    /** A column of the table's schema: its name, type, and whether a read by key filters on it. */
    public record Column(String name, String type, boolean key) {}

    /** The key columns, comma separated, as the key field takes them. */
    public String keyColumns() {
        return String.join(
                ", ", columns.stream().filter(Column::key).map(Column::name).toList());
    }

    /** One publish of the run to this table, from the lake's write log. */
    public record Write(
            String partition, String writtenAt, String writtenAtIso, String inserted, String removed, String current) {}
}
