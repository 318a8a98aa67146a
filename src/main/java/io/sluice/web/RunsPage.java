package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.ListPage;
import io.sluice.app.RunList;
import io.sluice.catalog.AssetKey;
import io.sluice.identity.RequestCaller;
import io.sluice.lists.RunOrigin;
import io.sluice.runs.AssetService;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunStatus;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.List;

/**
 * The runs list: every run, newest first, filtered by what the query string says (status, asset, mode, who or what
 * launched it, time), paged by keyset ({@link RunList}, as {@code GET /api/runs}) with Newer and Older links carrying a cursor. A filter it cannot read is a 400 with the form and
 * the message, and no list.
 */
@Path("/runs")
@Produces(MediaType.TEXT_HTML)
public class RunsPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(RunsView view);
    }

    private final RunList list;
    private final AssetService assets;
    private final RequestCaller caller;
    private final InstantSource clock;

    public RunsPage(RunList list, AssetService assets, RequestCaller caller, InstantSource clock) {
        this.list = list;
        this.assets = assets;
        this.caller = caller;
        this.clock = clock;
    }

    @GET
    public Response page(@Context UriInfo uri) {
        RunsFilter filter = RunsFilter.of(name -> uri.getQueryParameters().getFirst(name));
        List<String> assetKeys =
                assets.keys().stream().map(AssetKey::toString).sorted().toList();
        try {
            ListPage<Run> listing = list.page(caller.get(), list.filter(filter::value), filter.page());
            ListAddress address = filter.address();
            Instant now = clock.instant();
            List<RunsView.Listed> rows = listing.items().stream()
                    .map(r -> new RunsView.Listed(RunRow.of(r, now), OriginLink.of(r)))
                    .toList();
            return Response.ok(Templates.page(new RunsView(
                            filter,
                            rows,
                            listing.previous().map(address::before).orElse(""),
                            listing.next().map(address::at).orElse(""),
                            "",
                            "",
                            options(assetKeys))))
                    .build();
        } catch (RequestRejected e) {
            // what the list cannot read is a 400; a backfill that does not exist, or a short id several end with, is
            // said as the API says it
            return Response.status(
                            e instanceof RequestRejected.NotFound
                                            || !e.candidates().isEmpty()
                                    ? PageForms.status(e)
                                    : 400)
                    .entity(Templates.page(
                            new RunsView(filter, List.of(), "", "", e.getMessage(), e.field(), options(assetKeys))))
                    .build();
        }
    }

    private static RunsView.Options options(List<String> assetKeys) {
        return new RunsView.Options(
                Arrays.stream(RunStatus.values()).map(Enum::name).toList(),
                Arrays.stream(MaterializationMode.values()).map(Enum::name).toList(),
                RunOrigin.parameters(),
                assetKeys);
    }
}
