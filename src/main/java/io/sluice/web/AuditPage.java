package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.backfill.BackfillService;
import io.sluice.lists.ListFilters;
import io.sluice.runs.PartitionRanges;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunService;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** The audit trail: filterable by actor, action, target and time in the query string, keyset-paged, and as CSV. */
@Path("/audit")
public class AuditPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                Typed typed,
                List<String> actions,
                List<AuditRow> rows,
                String next,
                String newest,
                String csv,
                String field,
                String error);
    }

    private final AuditLog audit;
    private final RunService runs;
    private final BackfillService backfills;
    private final PartitionRanges ranges;

    public AuditPage(AuditLog audit, RunService runs, BackfillService backfills, PartitionRanges ranges) {
        this.audit = audit;
        this.ranges = ranges;
        this.runs = runs;
        this.backfills = backfills;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response page(@Context UriInfo uri) {
        Function<String, String> param = p -> uri.getQueryParameters().getFirst(p);
        Typed typed = typed(
                param.apply("actor"),
                param.apply("action"),
                param.apply("target"),
                param.apply("from"),
                param.apply("to"));
        List<String> actions =
                Arrays.stream(AuditAction.values()).map(Enum::name).toList();
        AuditFilter filter;
        try {
            filter = AuditFilter.parse(param, new ListFilters.Ids(runs::resolveId, backfills::resolveId));
        } catch (RequestRejected e) {
            return Response.status(e instanceof RequestRejected.NotFound ? 404 : 400)
                    .entity(Templates.page(typed, actions, List.of(), null, null, null, e.field(), e.getMessage()))
                    .build();
        }
        // one more than the page shows: whether there is a next page
        List<AuditEvent> events = audit.search(filter.search(filter.limit() + 1));
        List<AuditRow> rows = events.stream()
                .limit(filter.limit())
                .map(ranges::compactDetail)
                .map(AuditRow::of)
                .toList();
        String next = events.size() > filter.limit()
                ? filter.next(rows.get(rows.size() - 1).id())
                : null;
        String q = filter.query();
        String csv = "/audit.csv" + (q.isEmpty() ? "" : "?" + q);
        String newest = filter.before().isPresent() ? "/audit" + (q.isEmpty() ? "" : "?" + q) : null;
        return Response.ok(Templates.page(typed, actions, rows, next, newest, csv, null, null))
                .build();
    }

    /** The filters as typed, to show them again in the form (control characters replaced, as the run page does). */
    public record Typed(String actor, String action, String target, String from, String to) {}

    private static Typed typed(String actor, String action, String target, String from, String to) {
        return new Typed(
                nullToEmpty(actor), nullToEmpty(action), nullToEmpty(target), nullToEmpty(from), nullToEmpty(to));
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s.replaceAll("\\p{Cntrl}", "\uFFFD");
    }
}
