package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.BackfillList;
import io.sluice.app.Cursor;
import io.sluice.app.ListPage;
import io.sluice.app.PageRequest;
import io.sluice.backfill.BackfillFilter;
import io.sluice.backfill.BackfillStatus;
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
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The backfills list: newest first, filtered by status, paged by keyset ({@link BackfillList}, as {@code GET
 * /api/backfills}; {@code ?status=RUNNING&cursor=...}), so a page stays the same while new backfills are launched. A filter it cannot read is a 400 page that
 * says why.
 */
@Path("/backfills")
@Produces(MediaType.TEXT_HTML)
public class BackfillListPage {

    static final int PAGE_SIZE = 25;

    /** The query parameters of the page's address: the filter, and how many backfills a page shows. */
    static final List<String> ADDRESS = Stream.concat(BackfillFilter.PARAMETERS.stream(), Stream.of("limit"))
            .toList();

    /** The status filter's choices, "" for all. */
    static final List<String> STATUSES =
            Arrays.stream(BackfillStatus.values()).map(Enum::name).toList();

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                List<BackfillRow> backfills,
                List<String> statuses,
                String status,
                String next,
                String first,
                String error);
    }

    private final BackfillList list;
    private final RequestCaller caller;

    public BackfillListPage(BackfillList list, RequestCaller caller) {
        this.list = list;
        this.caller = caller;
    }

    @GET
    public Response page(@Context UriInfo uri) {
        Function<String, String> param = p -> uri.getQueryParameters().getFirst(p);
        String chosen = ListFilters.given(param, "status").toUpperCase(Locale.ROOT);
        ListPage<BackfillList.Item> page;
        try {
            page = list.page(
                    caller.get(), list.filter(param), PageRequest.after(PAGE_SIZE, param.apply(Cursor.PARAMETER)));
        } catch (RequestRejected e) {
            return bad(chosen, e.getMessage());
        }
        List<BackfillRow> rows = page.items().stream()
                .map(i -> BackfillRow.of(i.backfill(), i.progress()))
                .toList();
        ListAddress address = ListAddress.of("/backfills", ADDRESS, param);
        String next = page.next().map(address::at).orElse("");
        return Response.ok(Templates.page(rows, STATUSES, chosen, next, address.first(), null))
                .build();
    }

    private static Response bad(String status, String error) {
        return Response.status(400)
                .entity(Templates.page(
                        List.of(), STATUSES, STATUSES.contains(status) ? status : "", "", "/backfills", error))
                .build();
    }
}
