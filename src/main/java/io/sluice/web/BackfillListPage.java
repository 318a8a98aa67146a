package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillFilter;
import io.sluice.backfill.BackfillService;
import io.sluice.backfill.BackfillStatus;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The backfills list: newest first, filtered by status, paged by keyset ({@code ?status=RUNNING&after=<id of the last
 * one shown>}), so a page stays the same while new backfills are launched. A filter it cannot read is a 400 page that
 * says why.
 */
@Path("/backfills")
@Produces(MediaType.TEXT_HTML)
public class BackfillListPage {

    static final int PAGE_SIZE = 25;

    /** The status filter's choices, "" for all. */
    static final List<String> STATUSES =
            Arrays.stream(BackfillStatus.values()).map(Enum::name).toList();

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                List<BackfillRow> backfills, List<String> statuses, String status, String next, String error);
    }

    private final BackfillService backfills;

    public BackfillListPage(BackfillService backfills) {
        this.backfills = backfills;
    }

    @GET
    public Response page(@QueryParam("status") String status, @QueryParam("after") String after) {
        String chosen = status == null ? "" : status.strip().toUpperCase(Locale.ROOT);
        List<Backfill> page;
        try {
            BackfillFilter filter = BackfillFilter.read(p -> "status".equals(p) ? status : null);
            page = backfills.list(filter, Optional.ofNullable(after).filter(a -> !a.isBlank()), 0, PAGE_SIZE + 1);
        } catch (RequestRejected e) {
            return bad(chosen, e.getMessage());
        }
        List<BackfillRow> rows = page.stream()
                .limit(PAGE_SIZE)
                .map(b -> BackfillRow.of(b, backfills.progress(b)))
                .toList();
        String next = page.size() > PAGE_SIZE ? rows.get(rows.size() - 1).id() : "";
        return Response.ok(Templates.page(rows, STATUSES, chosen, next, null)).build();
    }

    private static Response bad(String status, String error) {
        return Response.status(400)
                .entity(Templates.page(List.of(), STATUSES, STATUSES.contains(status) ? status : "", "", error))
                .build();
    }
}
