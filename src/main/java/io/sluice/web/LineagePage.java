package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.freshness.FreshnessService;
import io.sluice.freshness.FreshnessView;
import io.sluice.runs.AssetRun;
import io.sluice.runs.AssetService;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The lineage graph: the page (a list of the assets by layer, which {@code static/lineage.js} turns into a graph) and
 * its data, {@code /ui/lineage.json}; both take {@code ?group=}.
 */
@Path("/")
public class LineagePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(LineageGraph graph, String error);
    }

    private final AssetService assets;

    private final FreshnessService freshness;

    public LineagePage(AssetService assets, FreshnessService freshness) {
        this.freshness = freshness;
        this.assets = assets;
    }

    @GET
    @Path("lineage")
    @Produces(MediaType.TEXT_HTML)
    public Response page(@QueryParam("group") String group) {
        LineageGraph graph = graph(Optional.empty());
        Optional<String> wanted = wanted(group);
        if (wanted.isEmpty()) {
            return Response.ok(Templates.page(graph, null)).build();
        }
        if (!graph.groups().contains(wanted.get())) {
            return Response.status(404)
                    .entity(Templates.page(graph, unknownGroup(wanted.get(), graph)))
                    .build();
        }
        return Response.ok(Templates.page(graph(wanted), null)).build();
    }

    /** The graph as JSON; an unknown group is a 404 problem naming the groups there are. */
    @GET
    @Path("ui/lineage.json")
    @Produces(MediaType.APPLICATION_JSON)
    public LineageGraph data(@QueryParam("group") String group) {
        Optional<String> wanted = wanted(group);
        LineageGraph graph = graph(wanted);
        if (wanted.isPresent() && !graph.groups().contains(wanted.get())) {
            throw RequestRejected.notFound("group", unknownGroup(wanted.get(), graph));
        }
        return graph;
    }

    private static Optional<String> wanted(String group) {
        return group == null || group.isBlank() ? Optional.empty() : Optional.of(group.trim());
    }

    private static String unknownGroup(String group, LineageGraph graph) {
        return "no asset is in group '" + group.replaceAll("\\p{Cntrl}", "\uFFFD") + "'; the groups are "
                + String.join(", ", graph.groups());
    }

    LineageGraph graph(Optional<String> group) {
        Map<AssetKey, AssetRun> last = assets.lastSteps();
        Map<AssetKey, FreshnessView> fresh = freshness.views();
        List<LineageGraph.Asset> nodes = assets.all().stream()
                .map(a -> node(a, last.get(a.spec().key()), fresh.get(a.spec().key())))
                .toList();
        return LineageGraph.of(nodes, group);
    }

    private static LineageGraph.Asset node(Asset<?> asset, AssetRun last, FreshnessView fresh) {
        var spec = asset.spec();
        Set<String> upstream = spec.deps().stream().map(AssetKey::toString).collect(Collectors.toSet());
        return new LineageGraph.Asset(
                spec.key().toString(),
                spec.description(),
                spec.partitions().isPartitioned(),
                last == null ? "NEVER" : last.step().status().name(),
                upstream,
                fresh == null ? "" : fresh.label());
    }
}
