package io.sluice.web;

import io.quarkus.qute.TemplateInstance;
import io.sluice.app.BackfillCommands;
import io.sluice.backfill.BackfillService;
import io.sluice.identity.Caller;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The home page's backfills panel: the latest backfills with their progress, and their pause, resume, cancel and retry buttons. */
@Path("/ui/backfills")
@Produces(MediaType.TEXT_HTML)
public class BackfillPanel {

    static final int SHOWN = 10;

    private final BackfillService backfills;
    private final BackfillCommands commands;
    private final RequestCaller caller;

    public BackfillPanel(BackfillService backfills, BackfillCommands commands, RequestCaller caller) {
        this.caller = caller;
        this.backfills = backfills;
        this.commands = commands;
    }

    static List<BackfillRow> rows(BackfillService backfills) {
        return backfills.newest(SHOWN).stream()
                .map(b -> BackfillRow.of(b, backfills.progress(b)))
                .toList();
    }

    @GET
    public TemplateInstance panel() {
        return HomePage.Templates.page$backfills(rows(backfills));
    }

    @POST
    @Path("{id}/{action}")
    public TemplateInstance steer(@PathParam("id") String id, @PathParam("action") String action) {
        Caller by = PageForms.caller(caller); // a name no one may claim is refused, not swallowed below
        try {
            switch (action) {
                case "pause" -> commands.pause(by, id, "paused from the home page");
                case "resume" -> commands.resume(by, id, "resumed from the home page");
                case "cancel" -> commands.cancel(by, id, "canceled from the home page");
                case "retry-failed" -> commands.retryFailed(by, id, "retried from the home page");
                default -> throw new NotFoundException("no backfill action " + action);
            }
        } catch (RequestRejected.NotFound e) {
            throw e; // no such backfill: a problem, not the panel as if the button had worked
        } catch (RequestRejected e) {
            // steered meanwhile by someone else: the refreshed panel shows how it is now
        }
        return panel();
    }
}
