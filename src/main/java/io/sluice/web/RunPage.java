package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.runs.LogLine;
import io.sluice.runs.Materialization;
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
import java.util.List;

/** One run: status, steps, materializations and its own log, refreshing while the run is active. */
@Path("/runs/{id}")
@Produces(MediaType.TEXT_HTML)
public class RunPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(Run run, RunRow row, List<Materialization> materializations, List<LogLine> logs);

        static native TemplateInstance page$live(Run run, RunRow row, List<Materialization> materializations, List<LogLine> logs);

        static native TemplateInstance missing(String id);
    }

    private final RunService runs;

    public RunPage(RunService runs) {
        this.runs = runs;
    }

    @GET
    public Response page(@PathParam("id") String id) {
        try {
            Run run = runs.get(id);
            return Response.ok(Templates.page(run, RunRow.of(run), runs.materializations(id), runs.logs(id, 0, 5000))).build();
        } catch (RequestRejected e) {
            return Response.status(404).entity(Templates.missing(id)).build();
        }
    }

    @GET
    @Path("live")
    public TemplateInstance live(@PathParam("id") String id) {
        Run run = runs.get(id);
        return Templates.page$live(run, RunRow.of(run), runs.materializations(id), runs.logs(id, 0, 5000));
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
}
