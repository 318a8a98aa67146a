package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeWrite;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunIds;
import io.sluice.runs.RunService;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One lake table: its rows a page at a time, as of a business date and a system time for bi-temporal tables
 * ({@code ?asOf=&systemTime=}), and what one run changed in it ({@code ?run=}), with the way to roll back to it.
 */
@Path("/data/{table}")
@Produces(MediaType.TEXT_HTML)
public class TablePage {

    static final int PAGE = 50;
    static final int CHANGED_ROWS = 200;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(TablePageView view);

        static native TemplateInstance missing(String table);
    }

    private final LakeTables tables;
    private final Lake lake;
    private final RunService runs;

    public TablePage(LakeTables tables, Lake lake, RunService runs) {
        this.tables = tables;
        this.lake = lake;
        this.runs = runs;
    }

    @GET
    public Response page(
            @PathParam("table") String name,
            @QueryParam("asOf") String asOf,
            @QueryParam("systemTime") String systemTime,
            @QueryParam("key") String key,
            @QueryParam("run") String run,
            @QueryParam("after") String after,
            @QueryParam("before") String before) {
        Optional<LakeTables.TableInfo> info = tables.table(name);
        if (info.isEmpty()) {
            return missing(name);
        }
        DataPageRow table = DataPageRow.of(info.get());
        String typedAsOf = shown(asOf);
        String typedTime = shown(systemTime);
        String typedRun = shown(run);
        String typedKey = shown(key);
        try {
            Optional<LocalDate> date = DataPageParams.date("asOf", asOf);
            Optional<Instant> time = DataPageParams.instant("systemTime", systemTime);
            Optional<String> runId = DataPageParams.text("run", run);
            Optional<String> keyValue = DataPageParams.text("key", key);
            Optional<LakeTables.Position> position = position(after, before);
            TablePageView.Changes changes = runId.map(id -> changes(table, id)).orElse(null);
            LakeTables.Page page;
            try {
                page = tables.rows(table.name(), date, time, keyValue, PAGE, position);
            } catch (LakeTables.UnsupportedRead e) {
                // a cursor the table never gave cannot be read (400, as in the API); a filter the table lacks is a 422
                boolean cursor = e.parameter().equals("after") || e.parameter().equals("before");
                throw cursor
                        ? RequestRejected.malformed(e.parameter(), e.getMessage())
                        : RequestRejected.invalid(
                                e.parameter().equals("businessDate") ? "asOf" : e.parameter(), e.getMessage());
            }
            TablePageGrid grid = TablePageGrid.of(page.rows(), info.get().columns());
            String base = "/data/" + table.name() + "?" + query(date, time, keyValue, runId);
            String previous = page.previous().map(c -> base + "before=" + c).orElse(null);
            String next = page.next().map(c -> base + "after=" + c).orElse(null);
            return Response.ok(Templates.page(new TablePageView(
                            table,
                            columns(info.get()),
                            typedAsOf,
                            typedTime,
                            typedKey,
                            typedRun,
                            grid,
                            position.isEmpty(),
                            base.substring(0, base.length() - 1),
                            previous,
                            next,
                            changes,
                            null,
                            null)))
                    .build();
        } catch (RequestRejected e) {
            int status =
                    e instanceof RequestRejected.NotFound ? 404 : e instanceof RequestRejected.Unreadable ? 400 : 422;
            return Response.status(status)
                    .entity(Templates.page(new TablePageView(
                            table,
                            columns(info.get()),
                            typedAsOf,
                            typedTime,
                            typedKey,
                            typedRun,
                            null,
                            true,
                            null,
                            null,
                            null,
                            null,
                            e.field(),
                            e.getMessage())))
                    .build();
        }
    }

    /** Where a page starts: after or before a cursor (at most one; not a cursor: the page says so). */
    private static Optional<LakeTables.Position> position(String after, String before) {
        Optional<String> a = cursorParam("after", after);
        Optional<String> b = cursorParam("before", before);
        if (a.isPresent() && b.isPresent()) {
            throw RequestRejected.invalid("before", "give at most one of after and before");
        }
        return a.map(LakeTables.Position::after).or(() -> b.map(LakeTables.Position::before));
    }

    private static Optional<String> cursorParam(String field, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.trim();
        if (v.length() > 16_384 || !v.matches("[A-Za-z0-9_~.-]+")) {
            throw RequestRejected.malformed(field, field + " must be a cursor from this page's links");
        }
        return Optional.of(v);
    }

    /** The table's schema as the page lists it, key columns marked. */
    static List<TablePageView.Column> columns(LakeTables.TableInfo info) {
        return info.columns().stream()
                .map(c -> new TablePageView.Column(
                        c.name(), c.type(), info.keyColumns().contains(c.name())))
                .toList();
    }

    /** What run {@code id} changed in the table: its publishes to it and, for bi-temporal tables, the versions. */
    private TablePageView.Changes changes(DataPageRow table, String typed) {
        String id;
        try {
            id = runs.get(typed).id(); // the whole id, or the one that ends with what was typed
        } catch (RequestRejected.NotFound e) {
            throw RequestRejected.notFound("run", "no run with id '" + typed + "', nor one whose id ends with it");
        } catch (RequestRejected.Invalid e) {
            throw RequestRejected.ambiguous("run", e.getMessage(), e.candidates());
        }
        List<TablePageView.Write> writes = new ArrayList<>();
        for (LakeWrite w : lake.writesOf(id)) {
            if (w.table().equalsIgnoreCase(table.name())) {
                writes.add(new TablePageView.Write(
                        w.partition(),
                        Format.time(w.writtenAt()),
                        Format.iso(w.writtenAt()),
                        Format.count(w.rowsInserted()),
                        Format.count(w.rowsRemoved()),
                        Format.count(w.currentRows())));
            }
        }
        String rollback = writes.isEmpty() || table.asset() == null
                ? null
                : "/data/" + table.name() + "/rollback?toRun=" + encode(id);
        String undo = rollback == null ? null : "/data/" + table.name() + "/rollback?beforeRun=" + encode(id);
        if (!table.bitemporal()) {
            return new TablePageView.Changes(
                    id, RunIds.shortForm(id), writes, false, List.of(), null, null, rollback, undo);
        }
        LakeTables.Changes c = tables.changes(table.name(), id, CHANGED_ROWS);
        return new TablePageView.Changes(
                id,
                RunIds.shortForm(id),
                writes,
                true,
                c.systemTimes().stream().map(Format::iso).toList(),
                TablePageGrid.of(c.opened()),
                TablePageGrid.of(c.closed()),
                rollback,
                undo);
    }

    private static String query(
            Optional<LocalDate> date, Optional<Instant> time, Optional<String> key, Optional<String> run) {
        StringBuilder q = new StringBuilder();
        key.ifPresent(k -> q.append("key=").append(encode(k)).append('&'));
        date.ifPresent(d -> q.append("asOf=").append(d).append('&'));
        time.ifPresent(t -> q.append("systemTime=").append(encode(t.toString())).append('&'));
        run.ifPresent(r -> q.append("run=").append(encode(r)).append('&'));
        return q.toString();
    }

    static Response missing(String name) {
        return Response.status(404).entity(Templates.missing(shown(name))).build();
    }

    /** A value as typed, to show it again: without control characters (HTML escaping leaves a NUL as it is). */
    static String shown(String value) {
        return value == null ? "" : value.replaceAll("\\p{Cntrl}", "\uFFFD");
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
