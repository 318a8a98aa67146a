package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.KeyedAsset;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.AssetService;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunService;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** One run: status, steps, materializations, asset checks and its own log, refreshing while the run is active. */
@Path("/runs/{id}")
@Produces(MediaType.TEXT_HTML)
public class RunPage {

    static final int LOG_LINES = 5000;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(RunView view);

        static native TemplateInstance page$live(RunView view);

        static native TemplateInstance missing(String id);
    }

    private final RunService runs;
    private final AssetService assets;
    private final ObjectMapper mapper;
    private final InstantSource clock;

    public RunPage(RunService runs, AssetService assets, ObjectMapper mapper, InstantSource clock) {
        this.clock = clock;
        this.runs = runs;
        this.assets = assets;
        this.mapper = mapper;
    }

    @GET
    public Response page(@PathParam("id") String id) {
        try {
            return Response.ok(Templates.page(view(id))).build();
        } catch (RequestRejected e) {
            // the id as typed, without control characters (a NUL would reach the page as is: HTML escaping leaves it)
            return Response.status(404)
                    .entity(Templates.missing(id.replaceAll("\\p{Cntrl}", "\uFFFD")))
                    .build();
        }
    }

    @GET
    @Path("live")
    public TemplateInstance live(@PathParam("id") String id) {
        return Templates.page$live(view(id));
    }

    @POST
    @Path("cancel")
    public TemplateInstance cancel(@PathParam("id") String id) {
        try {
            runs.cancel(id, "web-ui", "canceled from the run page");
        } catch (RequestRejected e) {
            // already ended: the refreshed fragment shows how
        }
        return live(id);
    }

    private RunView view(String id) {
        Run run = runs.get(id);
        Set<AssetKey> keyed = assets.all().stream()
                .filter(a -> a instanceof KeyedAsset<?>)
                .map(Asset::spec)
                .map(s -> s.key())
                .collect(Collectors.toSet());
        Optional<PartitionsDefinition> partitions = assets.all().stream()
                .filter(a -> run.assets().contains(a.spec().key()))
                .map(a -> a.spec().partitions())
                .filter(PartitionsDefinition::isPartitioned)
                .findFirst();
        Instant now = clock.instant();
        return new RunView(
                run,
                RunRow.of(run, now),
                pretty(run.configJson()),
                PartitionText.compact(run.partitions(), partitions, now),
                run.steps().stream()
                        .map(s -> StepRow.of(s, keyed.contains(s.asset()), now))
                        .toList(),
                runs.materializations(id).stream()
                        .map(m -> MaterializationRow.of(m, mapper))
                        .toList(),
                CheckRow.Summary.of(runs.checkPage(id, CheckRow.MAX_ROWS)),
                runs.logs(id, 0, LOG_LINES).stream().map(LogRow::of).toList());
    }

    private String pretty(String json) {
        if (json == null || json.isBlank()) {
            return "{}";
        }
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(mapper.readTree(json));
        } catch (JsonProcessingException e) {
            return json;
        }
    }
}
