package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillPartitions;
import io.sluice.backfill.BackfillService;
import io.sluice.backfill.BackfillSteering;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One backfill: progress, rate, time left, its partitions as a grid, its runs, and pause, resume, cancel and retry-failed
 * as forms that post and redirect back (a refusal shows on the page, with its status). Refreshes itself while it runs.
 */
@Path("/backfills/{id}")
@Produces(MediaType.TEXT_HTML)
public class BackfillPage {

    /** How many of its newest runs the page lists. */
    static final int RUNS_SHOWN = 50;

    static final String ACTOR_HEADER = "X-Sluice-User";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(BackfillView view, String error);

        static native TemplateInstance page$live(BackfillView view, String error);

        static native TemplateInstance missing(String id, String message, List<String> candidates);
    }

    private final BackfillService backfills;
    private final BackfillSteering steering;
    private final BackfillPartitions partitions;
    private final RunService runs;
    private final InstantSource clock;

    public BackfillPage(
            BackfillService backfills,
            BackfillSteering steering,
            BackfillPartitions partitions,
            RunService runs,
            InstantSource clock) {
        this.backfills = backfills;
        this.steering = steering;
        this.partitions = partitions;
        this.runs = runs;
        this.clock = clock;
    }

    @GET
    public Response page(@PathParam("id") String id) {
        String whole;
        try {
            whole = backfills.get(id).id();
        } catch (RequestRejected e) {
            return missing(id, e);
        }
        if (!whole.equals(id)) {
            // a short id: the page's own address is the whole id's, so that it can be shared and reloaded
            return Response.seeOther(URI.create("/backfills/" + whole)).build();
        }
        return view(id).map(v -> Response.ok(Templates.page(v, null)).build()).orElseGet(() -> missing(id));
    }

    /** The live part, for htmx to swap while the backfill runs. */
    @GET
    @Path("live")
    public Response live(@PathParam("id") String id) {
        return view(id).map(v -> Response.ok(Templates.page$live(v, null)).build())
                .orElseGet(() -> missing(id));
    }

    /** Pause, resume, cancel or retry-failed, with the form's reason; redirects to the page, or shows the refusal. */
    @POST
    @Path("{action}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response steer(
            @PathParam("id") String id, @PathParam("action") String action, byte[] body, @Context HttpHeaders headers) {
        Optional<BackfillView> before = view(id);
        if (before.isEmpty()) {
            return missing(id);
        }
        String actor = actor(headers);
        String redirectTo = "/backfills/" + before.get().row().id();
        try {
            Map<String, List<String>> fields = FormBody.parse(body, FormBody.charset(headers.getMediaType()));
            String reason = reason(fields, action);
            switch (action) {
                case "pause" -> steering.pause(id, actor, reason);
                case "resume" -> steering.resume(id, actor, reason);
                case "cancel" -> steering.cancel(id, actor, reason);
                case "retry-failed" ->
                    redirectTo = "/backfills/"
                            + backfills
                                    .retryFailed(id, actor, reason)
                                    .backfill()
                                    .orElseThrow()
                                    .id();
                default -> {
                    return refused(id, 404, "there is no backfill action '" + action + "'");
                }
            }
        } catch (RequestRejected e) {
            return refused(id, PageForms.status(e), e.getMessage());
        } catch (jakarta.ws.rs.BadRequestException e) {
            return refused(id, 400, e.getMessage());
        }
        return Response.seeOther(URI.create(redirectTo)).build();
    }

    private static String actor(HttpHeaders headers) {
        String given = headers.getHeaderString(ACTOR_HEADER);
        return given == null || given.isBlank() ? LaunchForm.ACTOR : given;
    }

    private static String reason(Map<String, List<String>> fields, String action) {
        List<String> given = fields.getOrDefault("reason", List.of());
        if (given.size() > 1) {
            throw RequestRejected.invalid(
                    "reason", "the field reason was sent " + given.size() + " times; send it once");
        }
        String reason = given.isEmpty() ? "" : given.get(0).strip();
        return reason.isEmpty() ? action + " from the backfill page" : reason;
    }

    private Response refused(String id, int status, String error) {
        return Response.status(status)
                .entity(Templates.page(view(id).orElseThrow(), error))
                .build();
    }

    private static Response missing(String id) {
        return missing(id, RequestRejected.notFound("id", ""));
    }

    /** No backfill has the id, or (a short id) several have: a page naming them, 422. */
    private static Response missing(String id, RequestRejected why) {
        // the id as typed, without control characters (HTML escaping leaves a NUL as it is)
        return Response.status(why.candidates().isEmpty() ? 404 : 422)
                .entity(Templates.missing(
                        id.replaceAll("\\p{Cntrl}", "\uFFFD"),
                        why.candidates().isEmpty() ? "" : why.getMessage(),
                        why.candidates()))
                .build();
    }

    private Optional<BackfillView> view(String id) {
        Backfill b;
        try {
            b = backfills.get(id);
        } catch (RequestRejected.NotFound | RequestRejected.Invalid e) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        List<RunRow> rows = runs
                .list(new RunQuery(Optional.empty(), Optional.empty(), Optional.of(b.id()), true, RUNS_SHOWN, 0))
                .stream()
                .map(r -> RunRow.of(r, now))
                .toList();
        return Optional.of(BackfillView.of(b, backfills.progress(b), partitions.of(b), rows, now));
    }
}
