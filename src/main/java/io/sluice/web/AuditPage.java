package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.AuditList;
import io.sluice.app.Cursor;
import io.sluice.app.ListPage;
import io.sluice.app.PageRequest;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditFilter;
import io.sluice.identity.RequestCaller;
import io.sluice.lists.ListFilters;
import io.sluice.runs.RequestRejected;
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
import java.util.stream.Stream;

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

    static final int PAGE = 50;

    /** The query parameters of the page's address: the filters, and how many events a page shows. */
    static final List<String> ADDRESS = Stream.concat(ListFilters.AUDIT_PARAMETERS.stream(), Stream.of("limit"))
            .toList();

    private final AuditList list;
    private final RequestCaller caller;

    public AuditPage(AuditList list, RequestCaller caller) {
        this.list = list;
        this.caller = caller;
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
        ListPage<AuditEvent> page;
        try {
            AuditFilter filter = list.filter(param);
            int limit = DataPageParams.between("limit", param.apply("limit"), 1, PageRequest.MAX_LIMIT, PAGE);
            page = list.page(caller.get(), filter, PageRequest.after(limit, param.apply(Cursor.PARAMETER)));
        } catch (RequestRejected e) {
            return Response.status(e instanceof RequestRejected.NotFound ? 404 : 400)
                    .entity(Templates.page(typed, actions, List.of(), null, null, null, e.field(), e.getMessage()))
                    .build();
        }
        ListAddress address = ListAddress.of("/audit", ADDRESS, param);
        List<AuditRow> rows = page.items().stream().map(AuditRow::of).toList();
        String next = page.next().map(address::at).orElse(null);
        String csv = address.elsewhere("/audit.csv");
        String newest = ListFilters.given(param, Cursor.PARAMETER).isEmpty() ? null : address.first();
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
