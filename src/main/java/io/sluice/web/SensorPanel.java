package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.AutomationCommands;
import io.sluice.automation.sensor.SensorService;
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
import java.util.Optional;

/**
 * The sensors section of the automation page ({@code templates/SensorPanel/sensors.html}): each sensor with its on/off
 * toggle, interval, next tick and last tick. {@code GET /ui/sensors} answers the section for an htmx swap; its buttons
 * post to {@code /ui/sensors/{name}/start|stop} (refused when another site posts, as every change is) and get the section
 * back; starting a running sensor or stopping a stopped one changes nothing and the section says so.
 */
@Path("/ui/sensors")
@Produces(MediaType.TEXT_HTML)
public class SensorPanel {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance sensors(List<SensorRow> sensors, String error);
    }

    private final SensorService sensors;
    private final RequestCaller caller;
    private final AutomationCommands automation;

    public SensorPanel(SensorService sensors, RequestCaller caller, AutomationCommands automation) {
        this.automation = automation;
        this.caller = caller;
        this.sensors = sensors;
    }

    /** The rows the section shows; a page that includes the template passes them as {@code sensors}. */
    public static List<SensorRow> rows(SensorService sensors) {
        return rows(sensors, AutomationPage.TICKS_SHOWN);
    }

    /** The rows with each sensor's {@code ticks} newest ticks. */
    static List<SensorRow> rows(SensorService sensors, int ticks) {
        return sensors.list().stream()
                .map(v -> SensorRow.of(v, sensors.ticks(v.spec().name(), ticks, Optional.empty())))
                .toList();
    }

    @GET
    public TemplateInstance panel() {
        return Templates.sensors(rows(sensors), null);
    }

    @POST
    @Path("{name}/{action}")
    public TemplateInstance toggle(@PathParam("name") String name, @PathParam("action") String action) {
        Caller by = PageForms.caller(caller); // a name no one may claim is refused before anything changes
        String error = null;
        try {
            switch (action) {
                case "start" -> automation.startSensor(by, name, "started from the automation page");
                case "stop" -> automation.stopSensor(by, name, "stopped from the automation page");
                default -> throw new NotFoundException("no sensor action " + action);
            }
        } catch (RequestRejected.Conflict e) {
            // it is so already (another tab, another user): the section shows why nothing changed
            error = e.getMessage();
        }
        return Templates.sensors(rows(sensors), error);
    }
}
