package io.sluice.api;

import io.sluice.app.PartitionCommands;
import io.sluice.identity.Caller;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.DynamicPartitionService;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Keys of dynamic partitions, added and removed at run time. */
@Path("/api/partitions")
@Tag(name = "Partitions")
@Produces(MediaType.APPLICATION_JSON)
public class PartitionResource {

    /** {@code {"keys": ["eu", "us"], "reason": "..."}}. */
    public record KeysBody(@Schema(required = true) List<String> keys, String reason) {}

    public record KeysDto(String name, List<String> keys) {}

    private final DynamicPartitionService partitions;
    private final RequestCaller caller;
    private final PartitionCommands commands;

    public PartitionResource(DynamicPartitionService partitions, RequestCaller caller, PartitionCommands commands) {
        this.commands = commands;
        this.caller = caller;
        this.partitions = partitions;
    }

    @Operation(
            operationId = "listDynamicPartitions",
            summary = "List the dynamic partitions",
            description = "The names of the dynamic partitions the assets declare.")
    @APIResponse(responseCode = "200", description = "The names.")
    @APIResponse(responseCode = "406", description = "The request accepts no JSON answer.")
    @GET
    public List<String> names() {
        return partitions.names();
    }

    @Operation(
            operationId = "listDynamicPartitionKeys",
            summary = "List the keys of dynamic partitions",
            description = "The keys the dynamic partitions have now.")
    @Parameter(
            name = "name",
            in = ParameterIn.PATH,
            description = "The name of the dynamic partitions, as an asset declares it.")
    @APIResponse(responseCode = "200", description = "The keys.")
    @APIResponse(responseCode = "404", description = "No asset uses dynamic partitions with this name.")
    @GET
    @Path("/{name}/keys")
    public KeysDto keys(@PathParam("name") String name) {
        return new KeysDto(name, partitions.keys(name));
    }

    /** Adds keys; keys that exist are left as they are. Answers with the keys added. */
    @Operation(
            operationId = "addDynamicPartitionKeys",
            summary = "Add keys to dynamic partitions",
            description = "Adds the keys; keys that exist are left as they are. Answers the keys added.")
    @Parameter(
            name = "name",
            in = ParameterIn.PATH,
            description = "The name of the dynamic partitions, as an asset declares it.")
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "The keys to add, and why.")
    @APIResponse(responseCode = "200", description = "The keys added.")
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "404", description = "No asset uses dynamic partitions with this name.")
    @APIResponse(responseCode = "422", description = "keys is missing, or a key is not allowed.")
    @POST
    @Path("/{name}/keys")
    @Consumes(MediaType.APPLICATION_JSON)
    public KeysDto add(@PathParam("name") String name, KeysBody body) {
        Caller by = caller.get();
        return new KeysDto(name, commands.addKeys(by, name, keys(body), body.reason()));
    }

    /** Removes keys; answers with the keys removed. Materialized data of removed partitions is kept. */
    @Operation(
            operationId = "removeDynamicPartitionKeys",
            summary = "Remove keys from dynamic partitions",
            description = "Removes the keys; answers the keys removed. The data materialized for them is kept.")
    @Parameter(
            name = "name",
            in = ParameterIn.PATH,
            description = "The name of the dynamic partitions, as an asset declares it.")
    @Parameter(
            name = RunResource.ACTOR_HEADER,
            in = ParameterIn.HEADER,
            description = ApiDocument.ACTOR,
            schema = @Schema(type = SchemaType.STRING))
    @RequestBody(required = true, description = "The keys to remove, and why.")
    @APIResponse(responseCode = "200", description = "The keys removed.")
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "404", description = "No asset uses dynamic partitions with this name.")
    @APIResponse(responseCode = "409", description = "A key is used by runs that have not ended.")
    @APIResponse(responseCode = "422", description = "keys is missing, or a key is not allowed.")
    @DELETE
    @Path("/{name}/keys")
    @Consumes(MediaType.APPLICATION_JSON)
    public KeysDto remove(@PathParam("name") String name, KeysBody body) {
        Caller by = caller.get();
        return new KeysDto(name, commands.removeKeys(by, name, keys(body), body.reason()));
    }

    private static List<String> keys(KeysBody body) {
        if (body == null) {
            throw RequestRejected.malformed(
                    null, "request body is missing; send {\"keys\": [\"...\"], \"reason\": \"...\"}");
        }
        if (body.keys() == null) {
            throw RequestRejected.invalid("keys", "send {\"keys\": [\"...\"]}");
        }
        return body.keys();
    }
}
