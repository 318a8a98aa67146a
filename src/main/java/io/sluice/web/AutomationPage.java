package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.automation.schedule.ScheduleSwitch;
import io.sluice.automation.schedule.ScheduleViews;
import io.sluice.automation.sensor.SensorService;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;

/**
 * The automation page: schedules with a start/stop toggle, next tick and last ticks (what they launched). Each kind of
 * automation is a section of its own, in a template of its own ({@code AutomationPage/schedules.html}), so that more
 * sections join the page without touching this one's.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class AutomationPage {

    /** How many of a schedule's newest ticks the page shows. */
    static final int TICKS_SHOWN = 5;

    static final String ACTOR = "web-ui";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(List<ScheduleRow> schedules, List<SensorRow> sensors, String error);

        static native TemplateInstance schedules(List<ScheduleRow> schedules, String error);
    }

    private final ScheduleViews views;
    private final ScheduleSwitch switches;
    private final SensorService sensors;

    public AutomationPage(ScheduleViews views, ScheduleSwitch switches, SensorService sensors) {
        this.views = views;
        this.switches = switches;
        this.sensors = sensors;
    }

    @GET
    @Path("automation")
    public TemplateInstance page() {
        return Templates.page(rows(), SensorPanel.rows(sensors), null);
    }

    /** The schedules section, for htmx to refresh. */
    @GET
    @Path("ui/schedules")
    public TemplateInstance schedules() {
        return Templates.schedules(rows(), null);
    }

    /** The toggle: starts the schedule and answers the section; a refusal (it runs already) is shown in it. */
    @POST
    @Path("ui/schedules/{name}/start")
    public TemplateInstance start(@PathParam("name") String name) {
        return turn(() -> switches.start(name, ACTOR, "started from the automation page"));
    }

    @POST
    @Path("ui/schedules/{name}/stop")
    public TemplateInstance stop(@PathParam("name") String name) {
        return turn(() -> switches.stop(name, ACTOR, "stopped from the automation page"));
    }

    private TemplateInstance turn(Runnable action) {
        String error = null;
        try {
            action.run();
        } catch (RequestRejected e) {
            error = e.getMessage();
        }
        return Templates.schedules(rows(), error);
    }

    private List<ScheduleRow> rows() {
        return views.all().stream()
                .map(o -> ScheduleRow.of(o, views.ticks(o.spec().name(), TICKS_SHOWN, Optional.empty())))
                .toList();
    }
}
