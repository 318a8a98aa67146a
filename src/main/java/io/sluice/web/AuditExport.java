package io.sluice.web;

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
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
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
    private final RunService runs;
    private final BackfillService backfills;
    private final PartitionRanges ranges;

    public AuditExport(AuditLog audit, RunService runs, BackfillService backfills, PartitionRanges ranges) {
        this.audit = audit;
        this.ranges = ranges;
        this.runs = runs;
        this.backfills = backfills;
    }

    @GET
    @Produces("text/csv")
    public Response csv(@Context UriInfo uri) {
        AuditFilter filter;
        try {
            filter = AuditFilter.parse(
                    p -> "limit".equals(p) ? null : uri.getQueryParameters().getFirst(p),
                    new ListFilters.Ids(runs::resolveId, backfills::resolveId));
        } catch (RequestRejected e) {
            return Response.status(e instanceof RequestRejected.NotFound ? 404 : 400)
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
                    writer.write(AuditCsv.record(ranges.compactDetail(e)));
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
