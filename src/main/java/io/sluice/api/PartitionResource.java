package io.sluice.api;

import io.sluice.runs.DynamicPartitionService;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** Keys of dynamic partitions, added and removed at run time. */
@Path("/api/partitions")
@Produces(MediaType.APPLICATION_JSON)
public class PartitionResource {

    /** {@code {"keys": ["eu", "us"], "reason": "..."}}. */
    public record KeysBody(List<String> keys, String reason) {
    }

    public record KeysDto(String name, List<String> keys) {
    }

    private final DynamicPartitionService partitions;

    public PartitionResource(DynamicPartitionService partitions) {
        this.partitions = partitions;
    }

    @GET
    public List<String> names() {
        return partitions.names();
    }

    @GET
    @Path("/{name}/keys")
    public KeysDto keys(@PathParam("name") String name) {
        return new KeysDto(name, partitions.keys(name));
    }

    /** Adds keys; keys that exist are left as they are. Answers with the keys added. */
    @POST
    @Path("/{name}/keys")
    @Consumes(MediaType.APPLICATION_JSON)
    public KeysDto add(@PathParam("name") String name, KeysBody body, @HeaderParam(RunResource.ACTOR_HEADER) String actor) {
        return new KeysDto(name, partitions.add(name, keys(body), actor, body.reason()));
    }

    /** Removes keys; answers with the keys removed. Materialized data of removed partitions is kept. */
    @DELETE
    @Path("/{name}/keys")
    @Consumes(MediaType.APPLICATION_JSON)
    public KeysDto remove(@PathParam("name") String name, KeysBody body, @HeaderParam(RunResource.ACTOR_HEADER) String actor) {
        return new KeysDto(name, partitions.remove(name, keys(body), actor, body.reason()));
    }

    private static List<String> keys(KeysBody body) {
        if (body == null) {
            throw RequestRejected.malformed(null, "request body is missing; send {\"keys\": [\"...\"], \"reason\": \"...\"}");
        }
        if (body.keys() == null) {
            throw RequestRejected.invalid("keys", "send {\"keys\": [\"...\"]}");
        }
        return body.keys();
    }
}
