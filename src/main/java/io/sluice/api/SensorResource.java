package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.app.AutomationCommands;
import io.sluice.automation.sensor.SensorService;
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

/** Sensors: user code evaluated at an interval that asks for runs; list them, read their ticks, start and stop them. */
@Path("/api/sensors")
@Tag(name = "Sensors")
@Produces(MediaType.APPLICATION_JSON)
public class SensorResource {

    private static final String NAME = "The sensor's name, as declared.";

    private final SensorService sensors;
    private final ObjectMapper mapper;
    private final RequestCaller caller;
    private final AutomationCommands automation;

    public SensorResource(
            SensorService sensors, ObjectMapper mapper, RequestCaller caller, AutomationCommands automation) {
        this.automation = automation;
        this.caller = caller;
        this.sensors = sensors;
        this.mapper = mapper;
    }

    @Operation(
            operationId = "listSensors",
            summary = "List the declared sensors",
            description = "Every declared sensor with its interval, status, cursor, next tick and last tick, by name.")
    @APIResponse(responseCode = "200", description = "The sensors.")
    @APIResponse(responseCode = "406", description = "The request accepts no JSON answer.")
    @GET
    public List<SensorDto> list() {
        return sensors.list().stream().map(SensorDto::of).toList();
    }

    @Operation(
            operationId = "getSensor",
            summary = "Show a sensor",
            description = "A sensor's interval, status (kept across restarts), cursor, next tick and last tick.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = NAME)
    @APIResponse(responseCode = "200", description = "The sensor.")
    @APIResponse(responseCode = "404", description = "No sensor has this name.")
    @GET
    @Path("/{name}")
    public SensorDto get(@PathParam("name") String name) {
        return SensorDto.of(sensors.get(name));
    }

    @Operation(
            operationId = "listSensorTicks",
            summary = "Read a sensor's ticks, newest first",
            description =
                    "The sensor's tick history: when each tick fired, whether it launched, skipped (why) or failed "
                            + "(the error), the runs and backfills it launched. The cursor is the sensor's (GET "
                            + "/api/sensors/{name}), kept once, not per tick.")
    @Parameter(name = "name", in = ParameterIn.PATH, description = NAME)
    @Parameter(
            name = "limit",
            in = ParameterIn.QUERY,
            description = ApiDocument.LIMIT + " From 1 to " + SensorService.MAX_TICKS + ".",
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
            description = "Only ticks older than the one with this id (the id of the last tick of the previous page).",
            schema = @Schema(type = SchemaType.INTEGER, format = "int32", minimum = "1", maximum = "2147483647"))
    @APIResponse(responseCode = "200", description = "The ticks.")
    @APIResponse(responseCode = "400", description = "limit or before is not a whole number.")
    @APIResponse(responseCode = "404", description = "No sensor has this name.")
    @APIResponse(responseCode = "422", description = "limit or before is out of range.")
    @GET
    @Path("/{name}/ticks")
    public List<SensorDto.SensorTickDto> ticks(
            @PathParam("name") String name,
            @QueryParam("limit") @DefaultValue("50") String limit,
            @QueryParam("before") String before) {
        int max = Params.between("limit", limit, 1, SensorService.MAX_TICKS);
        Optional<Long> beforeId = before == null || before.isBlank()
                ? Optional.empty()
                : Optional.of((long) Params.between("before", before, 1, Integer.MAX_VALUE));
        return sensors.ticks(name, max, beforeId).stream()
                .map(SensorDto.SensorTickDto::of)
                .toList();
    }

    @Operation(
            operationId = "startSensor",
            summary = "Start a sensor",
            description = "Evaluates the sensor at its interval from now on, from its stored cursor; audited.")
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
    @APIResponse(responseCode = "200", description = "The sensor, running.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No sensor has this name.")
    @APIResponse(responseCode = "422", description = "The reason or the actor is too long or not allowed.")
    @POST
    @Path("/{name}/start")
    @Consumes(MediaType.WILDCARD)
    public SensorDto start(@PathParam("name") String name, byte[] body) {
        Caller by = caller.get();
        return SensorDto.of(
                automation.startSensor(by, name, ReasonBody.read(mapper, body).reason()));
    }

    @Operation(
            operationId = "stopSensor",
            summary = "Stop a sensor",
            description = "Evaluates the sensor no more until it is started; its cursor is kept; audited.")
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
    @APIResponse(responseCode = "200", description = "The sensor, stopped.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No sensor has this name.")
    @APIResponse(responseCode = "422", description = "The reason or the actor is too long or not allowed.")
    @POST
    @Path("/{name}/stop")
    @Consumes(MediaType.WILDCARD)
    public SensorDto stop(@PathParam("name") String name, byte[] body) {
        Caller by = caller.get();
        return SensorDto.of(
                automation.stopSensor(by, name, ReasonBody.read(mapper, body).reason()));
    }
}
