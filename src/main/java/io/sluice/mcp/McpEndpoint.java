package io.sluice.mcp;

import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /mcp}: the MCP server's streamable HTTP endpoint, stateless. A client POSTs each JSON-RPC message and reads the
 * answer as JSON; the server opens no stream of its own, so GET and DELETE are 405, as the protocol allows. The caller is
 * whoever Sluice's front door let in (a token of any role with authentication on).
 */
@Path("/mcp")
public class McpEndpoint {

    private final AnalysisServer server;
    private final RequestCaller caller;

    McpEndpoint(AnalysisServer server, RequestCaller caller) {
        this.server = server;
        this.caller = caller;
    }

    @Operation(hidden = true)
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response post(String body) {
        StatelessHttp.Answer answer = server.handle(caller.get(), body);
        return answer.json().isEmpty()
                ? Response.status(answer.status()).build()
                : Response.status(answer.status())
                        .type(MediaType.APPLICATION_JSON_TYPE)
                        .entity(answer.json())
                        .build();
    }

    @Operation(hidden = true)
    @GET
    public Response stream() {
        return notAllowed();
    }

    @Operation(hidden = true)
    @DELETE
    public Response end() {
        return notAllowed();
    }

    private static Response notAllowed() {
        return Response.status(405)
                .header("Allow", "POST")
                .type("application/problem+json")
                .entity("{\"title\":\"Method Not Allowed\",\"status\":405,\"detail\":\"this MCP server is stateless:"
                        + " POST each JSON-RPC message to /mcp; it opens no stream and keeps no session\"}")
                .build();
    }
}
