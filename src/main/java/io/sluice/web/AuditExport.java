package io.sluice.web;

import io.sluice.app.AuditList;
import io.sluice.app.ListPage;
import io.sluice.app.PageRequest;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditFilter;
import io.sluice.identity.Caller;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * The audit log as a CSV download, with the filters of {@link AuditPage}: every matching event, newest first, streamed
 * as it is read from the store a page at a time ({@link AuditList}, keyset-paged), never held whole.
 */
@Path("/audit.csv")
public class AuditExport {

    private final AuditList list;
    private final RequestCaller caller;

    public AuditExport(AuditList list, RequestCaller caller) {
        this.list = list;
        this.caller = caller;
    }

    @GET
    @Produces("text/csv")
    public Response csv(@Context UriInfo uri) {
        AuditFilter filter;
        Caller who = caller.get();
        try {
            filter = list.filter(p -> uri.getQueryParameters().getFirst(p));
        } catch (RequestRejected e) {
            return Response.status(e instanceof RequestRejected.NotFound ? 404 : 400)
                    .type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8"))
                    .entity("The audit export cannot be made: " + e.getMessage() + "\n")
                    .build();
        }
        StreamingOutput body = out -> {
            Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            writer.write(AuditCsv.HEADER);
            PageRequest chunk = PageRequest.first(PageRequest.MAX_LIMIT);
            while (true) {
                ListPage<AuditEvent> page = list.page(who, filter, chunk);
                for (AuditEvent e : page.items()) {
                    writer.write(AuditCsv.record(e));
                }
                writer.flush();
                if (page.next().isEmpty()) {
                    break;
                }
                chunk = PageRequest.after(
                        PageRequest.MAX_LIMIT, page.next().get().encode());
            }
        };
        return Response.ok(body)
                .type("text/csv; charset=UTF-8; header=present")
                .header("Content-Disposition", "attachment; filename=\"sluice-audit.csv\"")
                .build();
    }
}
