package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.BackfillCommands;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillPartitions;
import io.sluice.backfill.BackfillProgress;
import io.sluice.backfill.BackfillService;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunService;
import io.sluice.runs.RunStatus;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
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
 * One backfill: progress by status, rate, time left, its partitions as a grid and as a table paged by keyset (filtered
 * by status, each with its run), its runs, and pause, resume, cancel and retry-failed as forms that post and redirect
 * back (a refusal shows on the page, with its status). Cancel asks first: a post without {@code confirm=yes} answers a
 * confirmation page that changes nothing (with JavaScript, the browser's confirm dialog asks instead). Refreshes
 * itself while it runs.
 */
@Path("/backfills/{id}")
@Produces(MediaType.TEXT_HTML)
public class BackfillPage {

    /** How many runs the page lists: those running now, then those of the partitions on the table's page. */
    static final int RUNS_SHOWN = 50;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(BackfillView view, String error);

        static native TemplateInstance page$live(BackfillView view, String error);

        static native TemplateInstance missing(String id, String message, List<String> candidates);

        static native TemplateInstance confirmCancel(BackfillRow row, BackfillProgress progress, String reason);
    }

    private final BackfillService backfills;
    private final BackfillCommands commands;
    private final BackfillPartitions partitions;
    private final RunService runs;
    private final InstantSource clock;
    private final RequestCaller caller;

    public BackfillPage(
            BackfillService backfills,
            BackfillCommands commands,
            BackfillPartitions partitions,
            RunService runs,
            InstantSource clock,
            RequestCaller caller) {
        this.caller = caller;
        this.backfills = backfills;
        this.commands = commands;
        this.partitions = partitions;
        this.runs = runs;
        this.clock = clock;
    }

    @GET
    public Response page(
            @PathParam("id") String id,
            @QueryParam("status") String status,
            @QueryParam("after") String after,
            @QueryParam("before") String before) {
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
        return render(id, status, after, before, false);
    }

    /** The live part, for htmx to swap while the backfill runs (the same page of partitions). */
    @GET
    @Path("live")
    public Response live(
            @PathParam("id") String id,
            @QueryParam("status") String status,
            @QueryParam("after") String after,
            @QueryParam("before") String before) {
        return render(id, status, after, before, true);
    }

    private Response render(String id, String status, String after, String before, boolean live) {
        BackfillPartitions.Query query;
        String tableError = null;
        try {
            query = BackfillPartitions.Query.parse(status, after, before);
        } catch (RequestRejected e) {
            // the first page of the table instead, and why, beside its filter: a 400
            query = BackfillPartitions.Query.FIRST;
            tableError = e.getMessage();
        }
        Optional<BackfillView> view = view(id, query, tableError);
        if (view.isEmpty()) {
            return missing(id);
        }
        TemplateInstance body = live ? Templates.page$live(view.get(), null) : Templates.page(view.get(), null);
        return Response.status(tableError == null ? 200 : 400).entity(body).build();
    }

    /** Pause, resume, cancel or retry-failed, with the form's reason; redirects to the page, or shows the refusal. */
    @POST
    @Path("{action}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response steer(
            @PathParam("id") String id, @PathParam("action") String action, byte[] body, @Context HttpHeaders headers) {
        Backfill before;
        try {
            before = backfills.get(id);
        } catch (RequestRejected e) {
            return missing(id, e);
        }
        String redirectTo = "/backfills/" + before.id(); // the whole id, also when a short one was posted
        try {
            Caller actor = PageForms.caller(caller);
            Map<String, List<String>> fields = PageForms.read(body, headers, null);
            String reason = reason(fields, action);
            switch (action) {
                case "pause" -> commands.pause(actor, id, reason);
                case "resume" -> commands.resume(actor, id, reason);
                case "cancel" -> {
                    if (PageForms.first(fields, "confirm").filter("yes"::equals).isEmpty()) {
                        // asked, not done: the confirmation page, which changes nothing
                        BackfillProgress progress = backfills.progress(before);
                        return Response.ok(Templates.confirmCancel(
                                        BackfillRow.of(before, progress),
                                        progress,
                                        PageForms.first(fields, "reason")
                                                .map(String::strip)
                                                .orElse("")))
                                .build();
                    }
                    commands.cancel(actor, id, reason);
                }
                case "retry-failed" ->
                    redirectTo = "/backfills/"
                            + commands.retryFailed(actor, id, reason)
                                    .backfill()
                                    .orElseThrow()
                                    .id();
                default -> {
                    return refused(id, 404, "there is no backfill action '" + action + "'");
                }
            }
        } catch (RequestRejected | NotAllowed e) {
            return refused(id, PageForms.status(e), e.getMessage());
        } catch (jakarta.ws.rs.BadRequestException e) {
            return refused(id, 400, e.getMessage());
        }
        return Response.seeOther(URI.create(redirectTo)).build();
    }

    private static String reason(Map<String, List<String>> fields, String action) {
        String reason = PageForms.first(fields, "reason").map(String::strip).orElse("");
        return reason.isEmpty() ? action + " from the backfill page" : reason;
    }

    private Response refused(String id, int status, String error) {
        return Response.status(status)
                .entity(Templates.page(
                        view(id, BackfillPartitions.Query.FIRST, null).orElseThrow(), error))
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

    private Optional<BackfillView> view(String id, BackfillPartitions.Query query, String tableError) {
        Backfill b;
        try {
            b = backfills.get(id);
        } catch (RequestRejected.NotFound | RequestRejected.Invalid e) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        return Optional.of(BackfillView.of(
                b,
                partitions.standing(b),
                partitions.page(b, query),
                query,
                // a range of the group's (group_id, status) index: the few runs that run now
                runs.list(new RunQuery(
                        Optional.of(RunStatus.STARTED), Optional.empty(), Optional.of(b.id()), true, RUNS_SHOWN)),
                now,
                tableError));
    }
}
