package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.List;

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

    public AuditPage(AuditLog audit) {
        this.audit = audit;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response page(
            @QueryParam("actor") String actor,
            @QueryParam("action") String action,
            @QueryParam("target") String target,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("before") String before,
            @QueryParam("limit") String limit) {
        Typed typed = typed(actor, action, target, from, to);
        List<String> actions =
                Arrays.stream(AuditAction.values()).map(Enum::name).toList();
        AuditFilter filter;
        try {
            filter = AuditFilter.parse(actor, action, target, from, to, before, limit);
        } catch (RequestRejected e) {
            return Response.status(400)
                    .entity(Templates.page(typed, actions, List.of(), null, null, null, e.field(), e.getMessage()))
                    .build();
        }
        // one more than the page shows: whether there is a next page
        List<AuditEvent> events = audit.search(filter.search(filter.limit() + 1));
        List<AuditRow> rows =
                events.stream().limit(filter.limit()).map(AuditRow::of).toList();
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
