package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.AutomationCommands;
import io.sluice.automation.schedule.ScheduleViews;
import io.sluice.automation.sensor.SensorService;
import io.sluice.automation.trigger.TriggerOverview;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * The automation page: schedules and sensors with an on/off toggle, next tick and their tick history (what each tick
 * launched, linked, or why not), and the assets with a trigger policy with their last evaluations. Each kind of
 * automation is a section in a template of its own. The toggles are forms that post to {@code /automation/...} and
 * redirect back (a refusal shows on the page); with JavaScript, htmx posts them to {@code /ui/...} and swaps the section.
 * {@code ?ticks=N} (1 to {@value #MAX_TICKS}) shows more history.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class AutomationPage {

    /** How many of a schedule's, sensor's or trigger's newest ticks the page shows unless asked. */
    static final int TICKS_SHOWN = 5;

    static final int MAX_TICKS = 50;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                List<ScheduleRow> schedules,
                List<SensorRow> sensors,
                List<TriggerRow> triggers,
                boolean triggersEnabled,
                int ticks,
                String error);

        static native TemplateInstance schedules(List<ScheduleRow> schedules, String error);
    }

    private final ScheduleViews views;
    private final AutomationCommands automation;
    private final SensorService sensors;
    private final TriggerOverview triggers;
    private final RequestCaller caller;

    public AutomationPage(
            ScheduleViews views,
            AutomationCommands automation,
            SensorService sensors,
            TriggerOverview triggers,
            RequestCaller caller) {
        this.caller = caller;
        this.views = views;
        this.automation = automation;
        this.sensors = sensors;
        this.triggers = triggers;
    }

    @GET
    @Path("automation")
    public Response page(@QueryParam("ticks") String ticks) {
        int n;
        try {
            n = ticks == null || ticks.isBlank() ? TICKS_SHOWN : Integer.parseInt(ticks.strip());
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 1 || n > MAX_TICKS) {
            return Response.status(400)
                    .entity(page(
                            TICKS_SHOWN,
                            "ticks must be a whole number from 1 to " + MAX_TICKS + ", not '"
                                    + ticks.replaceAll("\\p{Cntrl}", "\uFFFD") + "'"))
                    .build();
        }
        return Response.ok(page(n, null)).build();
    }

    private TemplateInstance page(int ticks, String error) {
        return Templates.page(
                rows(ticks),
                SensorPanel.rows(sensors, ticks),
                triggers.all(ticks).stream().map(TriggerRow::of).toList(),
                triggers.enabled(),
                ticks,
                error);
    }

    /** The schedules section, for htmx to refresh. */
    @GET
    @Path("ui/schedules")
    public TemplateInstance schedules() {
        return Templates.schedules(rows(TICKS_SHOWN), null);
    }

    /** The toggle: starts the schedule and answers the section; a refusal (it runs already) is shown in it. */
    @POST
    @Path("ui/schedules/{name}/start")
    public TemplateInstance start(@PathParam("name") String name) {
        return turn(() -> automation.startSchedule(PageForms.caller(caller), name, "started from the automation page"));
    }

    @POST
    @Path("ui/schedules/{name}/stop")
    public TemplateInstance stop(@PathParam("name") String name) {
        return turn(() -> automation.stopSchedule(PageForms.caller(caller), name, "stopped from the automation page"));
    }

    /**
     * The toggles without JavaScript: {@code kind} is {@code schedules} or {@code sensors}, {@code action} start or stop;
     * redirects to the page, or shows it with why not (409 when it is so already, 404 for what does not exist).
     */
    @POST
    @Path("automation/{kind}/{name}/{action}")
    public Response toggle(
            @PathParam("kind") String kind, @PathParam("name") String name, @PathParam("action") String action) {
        boolean start = "start".equals(action);
        if (!start && !"stop".equals(action) || !"schedules".equals(kind) && !"sensors".equals(kind)) {
            return Response.status(404)
                    .entity(page(TICKS_SHOWN, "there is nothing to " + action + " at /automation/" + kind))
                    .build();
        }
        String reason = (start ? "started" : "stopped") + " from the automation page";
        try {
            Caller by = PageForms.caller(caller);
            if ("schedules".equals(kind)) {
                if (start) {
                    automation.startSchedule(by, name, reason);
                } else {
                    automation.stopSchedule(by, name, reason);
                }
            } else if (start) {
                automation.startSensor(by, name, reason);
            } else {
                automation.stopSensor(by, name, reason);
            }
        } catch (RequestRejected | NotAllowed e) {
            return Response.status(PageForms.status(e))
                    .entity(page(TICKS_SHOWN, e.getMessage()))
                    .build();
        }
        return Response.seeOther(URI.create("/automation")).build();
    }

    private TemplateInstance turn(Runnable action) {
        String error = null;
        try {
            action.run();
        } catch (RequestRejected e) {
            error = e.getMessage();
        }
        return Templates.schedules(rows(TICKS_SHOWN), error);
    }

    private List<ScheduleRow> rows(int ticks) {
        return views.all().stream()
                .map(o -> ScheduleRow.of(o, views.ticks(o.spec().name(), ticks, Optional.empty())))
                .toList();
    }
}
