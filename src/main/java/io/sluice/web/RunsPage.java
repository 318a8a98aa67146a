package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.backfill.BackfillService;
import io.sluice.catalog.AssetKey;
import io.sluice.lists.RunOrigin;
import io.sluice.runs.AssetService;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunListing;
import io.sluice.runs.RunService;
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
import java.util.Optional;

/**
 * The runs list: every run, newest first, filtered by what the query string says (status, asset, mode, who or what
 * launched it, time), paged by keyset with Newer and Older links. A filter it cannot read is a 400 with the form and
 * the message, and no list.
 */
@Path("/runs")
@Produces(MediaType.TEXT_HTML)
public class RunsPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(RunsView view);
    }

    private final RunService runs;
    private final AssetService assets;
    private final BackfillService backfills;
    private final InstantSource clock;

    public RunsPage(RunService runs, AssetService assets, BackfillService backfills, InstantSource clock) {
        this.runs = runs;
        this.backfills = backfills;
        this.assets = assets;
        this.clock = clock;
    }

    @GET
    public Response page(@Context UriInfo uri) {
        RunsFilter filter = RunsFilter.of(name -> uri.getQueryParameters().getFirst(name));
        List<String> assetKeys =
                assets.keys().stream().map(AssetKey::toString).sorted().toList();
        try {
            RunListing listing = runs.page(filter.query(RunsFilter.PAGE_SIZE, backfills::resolveId));
            Instant now = clock.instant();
            List<RunsView.Listed> rows = listing.runs().stream()
                    .map(r -> new RunsView.Listed(RunRow.of(r, now), OriginLink.of(r)))
                    .toList();
            return Response.ok(Templates.page(new RunsView(
                            filter,
                            rows,
                            listing.newer()
                                    .map(c -> filter.href("after", Optional.of(c)))
                                    .orElse(""),
                            listing.older()
                                    .map(c -> filter.href("before", Optional.of(c)))
                                    .orElse(""),
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
