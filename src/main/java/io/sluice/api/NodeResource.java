package io.sluice.api;

import io.sluice.app.NodeList;
import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
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
    private final RequestCaller caller;

    public NodeResource(NodeList nodes, RequestCaller caller) {
        this.nodes = nodes;
        this.caller = caller;
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
}
