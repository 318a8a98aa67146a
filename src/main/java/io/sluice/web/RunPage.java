package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.RunCommands;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.KeyedAsset;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.AssetService;
import io.sluice.runs.LogLine;
import io.sluice.runs.Materialization;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunService;
import io.sluice.runs.RunStatus;
import io.sluice.text.Text;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.net.URI;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One run: status, what launched it, a timeline, steps, materializations, asset checks, its error and its own log
 * (filtered by level and search in the query string, live over server-sent events), cancel and re-execute. The top
 * part refreshes itself while the run is active.
 */
@Path("/runs/{id}")
@Produces(MediaType.TEXT_HTML)
public class RunPage {

    static final int LOG_LINES = 5000;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(RunView view);

        static native TemplateInstance page$live(RunView view);

        static native TemplateInstance missing(String id, String message, List<String> candidates);

        static native TemplateInstance refused(String id, String message);
    }

    private final RunService runs;
    private final AssetService assets;
    private final ObjectMapper mapper;
    private final InstantSource clock;
    private final RunCommands commands;
    private final RequestCaller caller;

    public RunPage(
            RunService runs,
            AssetService assets,
            ObjectMapper mapper,
            InstantSource clock,
            RunCommands commands,
            RequestCaller caller) {
        this.caller = caller;
        this.commands = commands;
        this.clock = clock;
        this.runs = runs;
        this.assets = assets;
        this.mapper = mapper;
    }

    @GET
    public Response page(
            @PathParam("id") String id,
            @QueryParam("level") String level,
            @QueryParam("q") String q,
            @Context UriInfo uri) {
        Run run;
        try {
            run = runs.get(id);
        } catch (RequestRejected e) {
            return missing(id, e);
        }
        if (!run.id().equals(id)) {
            // a short id: the page's own address is the whole id's, so that it can be shared and reloaded
            return Response.seeOther(uri.getRequestUriBuilder()
                            .replacePath("/runs/" + run.id())
                            .build())
                    .build();
        }
        LogFilter filter;
        String logError = "";
        try {
            filter = new LogFilter(level, q);
        } catch (RequestRejected e) {
            filter = LogFilter.none();
            logError = e.getMessage();
        }
        try {
            return Response.status(logError.isEmpty() ? 200 : 400)
                    .entity(Templates.page(view(id, filter, logError)))
                    .build();
        } catch (RequestRejected e) {
            return missing(id);
        }
    }

    private static Response missing(String id) {
        return missing(id, RequestRejected.notFound("id", ""));
    }

    /** No run has the id, or (a short id) several have: a page naming them, 422. */
    private static Response missing(String id, RequestRejected why) {
        // the id as typed, without control characters (a NUL would reach the page as is: HTML escaping leaves it)
        return Response.status(why.candidates().isEmpty() ? 404 : 422)
                .entity(Templates.missing(
                        id.replaceAll("\\p{Cntrl}", "\uFFFD"),
                        why.candidates().isEmpty() ? "" : why.getMessage(),
                        why.candidates()))
                .build();
    }

    @GET
    @Path("live")
    public TemplateInstance live(@PathParam("id") String id) {
        return Templates.page$live(view(id, LogFilter.none(), ""));
    }

    /** Cancels from the page: htmx swaps the refreshed part in; a plain form post is sent back to the page. */
    @POST
    @Path("cancel")
    public Response cancel(@PathParam("id") String id, @HeaderParam("HX-Request") String htmx) {
        Caller by = PageForms.caller(caller); // a name no one may claim is refused, not swallowed below
        try {
            commands.cancel(by, id, "canceled from the run page");
        } catch (RequestRejected.NotFound e) {
            return missing(id);
        } catch (RequestRejected e) {
            // already ended: the refreshed page shows how
        }
        if (htmx != null) {
            return Response.ok(live(id)).build();
        }
        return Response.seeOther(URI.create("/runs/" + OriginLink.encode(id))).build();
    }

    /**
     * Re-executes the run (scope ALL or FAILED) and opens the new run's page; a refusal (a form it cannot read, the run
     * has not ended, nothing failed, the launch itself refused) is a page saying why, with nothing launched. The body is
     * read from its bytes ({@link FormBody}): a malformed escape or an unknown charset is a 400, never a 500.
     */
    @POST
    @Path("reexecute")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response reexecute(@PathParam("id") String id, byte[] body, @Context HttpHeaders headers) {
        String chosen;
        String reason;
        try {
            Map<String, List<String>> fields = PageForms.read(body, headers, null);
            Optional<String> unknown = fields.keySet().stream()
                    .filter(f -> !REEXECUTE_FIELDS.contains(f))
                    .findFirst();
            if (unknown.isPresent()) {
                return refused(
                        id,
                        400,
                        "the form has an unknown field " + Text.quote(unknown.get()) + ": send scope and reason only");
            }
            chosen = PageForms.first(fields, "scope").orElse(null);
            reason = PageForms.first(fields, "reason").filter(r -> !r.isBlank()).orElse(null);
        } catch (BadRequestException e) {
            return refused(id, 400, e.getMessage());
        } catch (RequestRejected e) {
            return refused(id, PageForms.status(e), e.getMessage());
        }
        try {
            Run launched = commands.reexecute(PageForms.caller(caller), id, chosen, reason);
            return Response.seeOther(URI.create("/runs/" + launched.id())).build();
        } catch (RequestRejected.NotFound e) {
            return "id".equals(e.field()) ? missing(id) : refused(id, 404, e.getMessage());
        } catch (RequestRejected | NotAllowed e) {
            return refused(id, PageForms.status(e), e.getMessage());
        }
    }

    /** The fields of the re-execute forms. */
    private static final Set<String> REEXECUTE_FIELDS = Set.of("scope", "reason");

    private static Response refused(String id, int status, String message) {
        return Response.status(status)
                .entity(Templates.refused(id.replaceAll("\\p{Cntrl}", "\uFFFD"), message))
                .build();
    }

    /**
     * The run's log lines after {@code after} as server-sent events ({@code line}: a JSON log row; {@code end} once the
     * run has ended and every line is sent), filtered as the page is.
     */
    @GET
    @Path("log/stream")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Blocking
    public Multi<OutboundSseEvent> stream(
            @PathParam("id") String id,
            @QueryParam("after") Long after,
            @QueryParam("level") String level,
            @QueryParam("q") String q,
            @Context Sse sse) {
        LogFilter filter;
        String runId;
        try {
            filter = new LogFilter(level, q);
            runId = runs.get(id).id();
        } catch (RequestRejected e) {
            throw new WebApplicationException(Response.status(e instanceof RequestRejected.NotFound ? 404 : 400)
                    .type(MediaType.TEXT_PLAIN)
                    .entity(e.getMessage())
                    .build());
        }
        return new LogStream(runs, mapper, sse, runId, after == null ? 0 : Math.max(0, after), filter).events();
    }

    private RunView view(String id, LogFilter filter, String logError) {
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
        List<Materialization> writes = runs.materializations(id);
        List<LogLine> lines = runs.logs(id, 0, LOG_LINES);
        long lastLogId = lines.isEmpty() ? 0 : lines.get(lines.size() - 1).id();
        String error = run.error() == null ? "" : run.error();
        return new RunView(
                run,
                RunRow.of(run, now),
                pretty(run.configJson()),
                PartitionText.compact(run.partitions(), partitions, now),
                run.steps().stream()
                        .map(s -> StepRow.of(s, keyed.contains(s.asset()), now))
                        .toList(),
                writes.stream().map(m -> MaterializationRow.of(m, mapper)).toList(),
                CheckRow.Summary.of(runs.checkPage(id, CheckRow.MAX_ROWS)),
                lines.stream().filter(filter::matches).map(LogRow::of).toList(),
                Timeline.of(run, writes, now),
                OriginLink.of(run),
                error.lines().findFirst().orElse(""),
                filter,
                logError,
                run.steps().stream().anyMatch(s -> s.status() != RunStatus.SUCCESS),
                lastLogId,
                runs.queuePlace(run).map(QueueView::of).orElse(null));
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
