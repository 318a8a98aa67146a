package io.sluice.web;

import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The audit log as a CSV download, with the filters of {@link AuditPage}: every matching event, newest first, streamed
 * as it is read from the store a chunk at a time (keyset-paged), never held whole.
 */
@Path("/audit.csv")
public class AuditExport {

    /** How many events the export reads from the store at a time. */
    static final int EXPORT_CHUNK = 1000;

    private final AuditLog audit;

    public AuditExport(AuditLog audit) {
        this.audit = audit;
    }

    @GET
    @Produces("text/csv")
    public Response csv(
            @QueryParam("actor") String actor,
            @QueryParam("action") String action,
            @QueryParam("target") String target,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("before") String before) {
        AuditFilter filter;
        try {
            filter = AuditFilter.parse(actor, action, target, from, to, before, null);
        } catch (RequestRejected e) {
            return Response.status(400)
                    .type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8"))
                    .entity("The audit export cannot be made: " + e.getMessage() + "\n")
                    .build();
        }
        StreamingOutput body = out -> {
            Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            writer.write(AuditCsv.HEADER);
            var search = filter.search(EXPORT_CHUNK);
            while (true) {
                List<AuditEvent> chunk = audit.search(search);
                for (AuditEvent e : chunk) {
                    writer.write(AuditCsv.record(e));
                }
                writer.flush();
                if (chunk.size() < EXPORT_CHUNK) {
                    break;
                }
                search = search.after(chunk.get(chunk.size() - 1).id());
            }
        };
        return Response.ok(body)
                .type("text/csv; charset=UTF-8; header=present")
                .header("Content-Disposition", "attachment; filename=\"sluice-audit.csv\"")
                .build();
    }
}
