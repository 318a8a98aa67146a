package io.sluice.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.io.IOException;
import reactor.core.publisher.Mono;

/**
 * The streamable HTTP transport of a stateless MCP server, without a servlet container: one POSTed JSON-RPC message in,
 * one JSON answer out (a request's response with 200, a notification's 202 with no body). Sluice's HTTP face (the
 * {@code /mcp} endpoint) hands it the body and the caller; the SDK's server handles the message.
 */
final class StatelessHttp implements McpStatelessServerTransport {

    /** What to answer: an HTTP status and a JSON body (empty: none). */
    record Answer(int status, String json) {}

    /** The transport context's key of the {@link io.sluice.identity.Caller}. */
    static final String CALLER = "sluice.caller";

    private final McpJsonMapper json;
    private volatile McpStatelessServerHandler handler;
    private volatile boolean closing;

    StatelessHttp(McpJsonMapper json) {
        this.json = json;
    }

    @Override
    public void setMcpHandler(McpStatelessServerHandler handler) {
        this.handler = handler;
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> closing = true);
    }

    Answer handle(McpTransportContext context, String body) {
        if (closing || handler == null) {
            return error(503, McpSchema.ErrorCodes.INTERNAL_ERROR, "the MCP server is stopping; try another node");
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(json, body == null ? "" : body);
        } catch (IOException | IllegalArgumentException e) {
            return error(
                    400,
                    McpSchema.ErrorCodes.PARSE_ERROR,
                    "the body is not a JSON-RPC 2.0 request or notification of the Model Context Protocol");
        }
        if (message instanceof McpSchema.JSONRPCRequest request) {
            McpSchema.JSONRPCResponse response = handler.handleRequest(context, request)
                    .contextWrite(c -> c.put(McpTransportContext.KEY, context))
                    .block();
            return new Answer(200, write(response));
        }
        if (message instanceof McpSchema.JSONRPCNotification notification) {
            handler.handleNotification(context, notification)
                    .contextWrite(c -> c.put(McpTransportContext.KEY, context))
                    .block();
            return new Answer(202, "");
        }
        return error(400, McpSchema.ErrorCodes.INVALID_REQUEST, "this server takes requests and notifications only");
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write an MCP answer: " + e.getMessage(), e);
        }
    }

    /** A JSON-RPC error without an id (the request's could not be read). */
    private Answer error(int status, int code, String message) {
        return new Answer(
                status,
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":" + code + ",\"message\":" + write(message)
                        + "}}");
    }
}
