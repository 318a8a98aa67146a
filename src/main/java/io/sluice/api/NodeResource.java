package io.sluice.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.app.NodeCommands;
import io.sluice.app.NodeList;
import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The nodes (Sluice processes) sharing this metadata store, with their leases. */
@Path("/api/nodes")
@Tag(name = "Nodes")
@Produces(MediaType.APPLICATION_JSON)
public class NodeResource {

    /** A node: one start of a Sluice process, its lease and the runs it owns. */
    public record NodeDto(
            @Schema(description = "A new id at every start.")
            String id,

            @Schema(description = "sluice.node.name, by default host:data directory.")
            String name,

            String host,
            long pid,
            String version,

            @Schema(description = "Whether it executes runs (sluice.runs.execute).")
            boolean executes,

            boolean serves,

            @Schema(description = "The id of the lake it writes, when known.")
            String lake,

            int workers,

            @Schema(description = "RUNNING, DRAINING, STOPPED or LOST.")
            String state,

            Instant startedAt,
            Instant lastHeartbeatAt,

            @Schema(description = "Seconds since its last heartbeat (until its end, for an ended node).")
            long silentSeconds,

            @Schema(description = "When its lease runs out unless renewed.")
            Instant leaseUntil,

            @Schema(description = "How many STARTED runs it owns.")
            long runsStarted,

            @Schema(description = "Whether this is the node that answers.")
            boolean self,

            Instant endedAt,

            @Schema(description = "Why it ended, e.g. the silence that made another node declare it lost.")
            String endReason) {

        static NodeDto of(NodeList.NodeView v) {
            var n = v.node();
            return new NodeDto(
                    n.id(),
                    n.name(),
                    n.host(),
                    n.pid(),
                    n.version(),
                    n.executes(),
                    n.serves(),
                    n.lakeId(),
                    n.workers(),
                    n.state().name(),
                    n.startedAt(),
                    v.lastHeartbeatAt(),
                    v.silentSeconds(),
                    n.leaseUntil(),
                    v.runsStarted(),
                    v.self(),
                    n.endedAt(),
                    n.endReason());
        }
    }

    private final NodeList nodes;
    private final NodeCommands commands;
    private final RequestCaller caller;
    private final ObjectMapper mapper;

    public NodeResource(NodeList nodes, NodeCommands commands, RequestCaller caller, ObjectMapper mapper) {
        this.nodes = nodes;
        this.commands = commands;
        this.caller = caller;
        this.mapper = mapper;
    }

    @Operation(
            operationId = "listNodes",
            summary = "List the nodes",
            description = "The Sluice processes on this metadata store: the alive ones (RUNNING, DRAINING) first, then "
                    + "those that ended in the last 24 hours (STOPPED, LOST).")
    @APIResponse(responseCode = "200", description = "The nodes.")
    @APIResponse(responseCode = "406", description = "The request accepts no JSON answer.")
    @GET
    public List<NodeDto> list() {
        return nodes.list(caller.get()).stream().map(NodeDto::of).toList();
    }

    @Operation(operationId = "getNode", summary = "Show a node", description = "One node, alive or ended.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = "The node's id.")
    @APIResponse(responseCode = "200", description = "The node.")
    @APIResponse(responseCode = "404", description = "No node has this id.")
    @GET
    @Path("/{id}")
    public NodeDto get(@PathParam("id") String id) {
        return NodeDto.of(nodes.get(caller.get(), id));
    }

    @Operation(
            operationId = "drainNode",
            summary = "Drain a node",
            description = "The node turns DRAINING: it claims no more runs and fires no schedules, sensors or triggers "
                    + "(the other nodes do); runs it claimed but did not begin go back to the queue at once, running "
                    + "runs may end within sluice.cluster.drain-grace and are then handed back to the queue under the "
                    + "same id (their succeeded steps kept, no attempt counted). The node keeps running until it is "
                    + "resumed or stopped. A node draining already is left as it is. Needs the admin role.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = "The node's id.")
    @RequestBody(
            required = false,
            description = "Optional: {\"reason\": \"...\"}, kept in the audit trail.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReasonBody.class)))
    @APIResponse(responseCode = "200", description = "The node, DRAINING.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No node has this id.")
    @APIResponse(responseCode = "409", description = "The node has ended (STOPPED or LOST).")
    @POST
    @Path("/{id}/drain")
    @Consumes(MediaType.WILDCARD)
    public NodeDto drain(@PathParam("id") String id, byte[] body) {
        return NodeDto.of(
                commands.drain(caller.get(), id, ReasonBody.read(mapper, body).reason()));
    }

    @Operation(
            operationId = "resumeNode",
            summary = "Resume a draining node",
            description = "The node turns RUNNING again: it claims runs and fires schedules, sensors and triggers. A "
                    + "running node is left as it is. Needs the admin role.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = "The node's id.")
    @RequestBody(
            required = false,
            description = "Optional: {\"reason\": \"...\"}, kept in the audit trail.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReasonBody.class)))
    @APIResponse(responseCode = "200", description = "The node, RUNNING.")
    @APIResponse(responseCode = "400", description = "The body is not JSON like {\"reason\": \"...\"}.")
    @APIResponse(responseCode = "404", description = "No node has this id.")
    @APIResponse(responseCode = "409", description = "The node has ended (STOPPED or LOST).")
    @POST
    @Path("/{id}/resume")
    @Consumes(MediaType.WILDCARD)
    public NodeDto resume(@PathParam("id") String id, byte[] body) {
        return NodeDto.of(
                commands.resume(caller.get(), id, ReasonBody.read(mapper, body).reason()));
    }
}
