package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.app.AutomationCommands;
import io.sluice.automation.schedule.ScheduleViews;
import io.sluice.identity.Caller;
import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Schedules declared in code: their state, tick history, and starting and stopping them at run time. */
@Path("/api/schedules")
@Tag(
        name = "Schedules",
        description = "Schedules declared in code: start and stop them, see their next tick and tick history.")
@Produces(MediaType.APPLICATION_JSON)
public class ScheduleResource {

    static final String NAME = "The schedule's name, as declared in code.";

    private final ScheduleViews views;
    private final AutomationCommands automation;
    private final ObjectMapper mapper;
    private final RequestCaller caller;

    public ScheduleResource(
            ScheduleViews views, AutomationCommands automation, ObjectMapper mapper, RequestCaller caller) {
        this.caller = caller;
        this.views = views;
        this.automation = automation;
        this.mapper = mapper;
    }

    @Operation(
            operationId = "listSchedules",
            summary = "List the schedules",
            description =
                    "Every schedule declared in code, by name: cron, zone, status, target, next tick and last tick.")
    @APIResponse(responseCode = "200", description = "The schedules.")
    @APIResponse(responseCode = "406", description = "The request accepts no JSON answer.")
    @GET
    public List<ScheduleDto> list() {
        return views.all().stream().map(ScheduleDto::of).toList();
    }

    @Operation(
            operationId = "getSchedule",
            summary = "Show a schedule",
            description = "A schedule with its status, next tick and newest tick history entry.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = NAME)
    @APIResponse(responseCode = "200", description = "The schedule.")
    @APIResponse(responseCode = "404", description = "No schedule has this name.")
    @GET
    @Path("/{name}")
    public ScheduleDto get(@PathParam("name") String name) {
        return ScheduleDto.of(views.get(name));
    }

    @Operation(
            operationId = "listScheduleTicks",
            summary = "List a schedule's ticks, newest first",
            description =
                    "Tick history: when each tick was handled, what it launched, or why it was skipped or failed. "
                            + "Page with before: the id of the oldest entry of the previous page.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = NAME)
    @Parameter(
            name = "limit",
            in = ParameterIn.QUERY,
            description = ApiDocument.LIMIT + " From 1 to 500.",
            schema =
                    @Schema(
                            type = SchemaType.INTEGER,
                            format = "int32",
                            minimum = "1",
                            maximum = "500",
                            defaultValue = "50"))
    @Parameter(
            name = "before",
            in = ParameterIn.QUERY,
            description = "Only entries with an id below this one (the next page); all when absent.",
            schema = @Schema(type = SchemaType.INTEGER, format = "int32", minimum = "1", maximum = "2147483647"))
    @APIResponse(responseCode = "200", description = "The entries, newest first.")
    @APIResponse(responseCode = "400", description = "limit or before is not a whole number.")
    @APIResponse(responseCode = "404", description = "No schedule has this name.")
    @APIResponse(responseCode = "422", description = "limit or before is out of range.")
    @GET
    @Path("/{name}/ticks")
    public List<ScheduleDto.TickDto> ticks(
            @PathParam("name") String name,
            @QueryParam("limit") @DefaultValue("50") String limit,
            @QueryParam("before") String before) {
        int n = Params.between("limit", limit, 1, ScheduleViews.MAX_TICKS);
        Optional<Long> beforeId = before == null
                ? Optional.empty()
                : Optional.of((long) Params.between("before", before, 1, Integer.MAX_VALUE));
        return views.ticks(name, n, beforeId).stream()
                .map(ScheduleDto.TickDto::of)
                .toList();
    }

    @Operation(
            operationId = "startSchedule",
            summary = "Start a schedule",
            description =
                    "The schedule ticks from now on; ticks before the start are not caught up. The status is kept "
                            + "across restarts.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = NAME)
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(
            required = false,
            description = ApiDocument.REASON_BODY,
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReasonBody.class)))
    @APIResponse(responseCode = "200", description = "The schedule, running.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No schedule has this name.")
    @APIResponse(responseCode = "409", description = "The schedule is running already.")
    @APIResponse(
            responseCode = "422",
            description = "The reason or the actor is not allowed (too long, control characters).")
    @POST
    @Path("/{name}/start")
    @Consumes(MediaType.WILDCARD)
    public ScheduleDto start(@PathParam("name") String name, byte[] body) {
        Caller by = caller.get();
        automation.startSchedule(by, name, ReasonBody.read(mapper, body).reason());
        return ScheduleDto.of(views.get(name));
    }

    @Operation(
            operationId = "stopSchedule",
            summary = "Stop a schedule",
            description = "The schedule ticks no more until it is started again; runs it launched go on. The status is "
                    + "kept across restarts.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = NAME)
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(
            required = false,
            description = ApiDocument.REASON_BODY,
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReasonBody.class)))
    @APIResponse(responseCode = "200", description = "The schedule, stopped.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No schedule has this name.")
    @APIResponse(responseCode = "409", description = "The schedule is stopped already.")
    @APIResponse(
            responseCode = "422",
            description = "The reason or the actor is not allowed (too long, control characters).")
    @POST
    @Path("/{name}/stop")
    @Consumes(MediaType.WILDCARD)
    public ScheduleDto stop(@PathParam("name") String name, byte[] body) {
        Caller by = caller.get();
        automation.stopSchedule(by, name, ReasonBody.read(mapper, body).reason());
        return ScheduleDto.of(views.get(name));
    }
}
