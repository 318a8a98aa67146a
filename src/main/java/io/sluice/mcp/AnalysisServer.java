package io.sluice.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.runtime.Startup;
import io.sluice.catalog.CatalogException;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeUnavailable;
import io.sluice.runs.RequestRejected;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The MCP server: the SDK's stateless synchronous server with Sluice's read-only tools ({@link ToolGroup}), on the
 * {@link StatelessHttp} transport. Each tool call runs on the request's thread for the caller the transport context
 * carries; a refusal is a tool error whose text is one sentence, and an unexpected failure is logged and answered with a
 * sentence that points to the log, never a stack trace.
 */
@ApplicationScoped
@Startup
public class AnalysisServer {

    private static final Logger LOG = Logger.getLogger(AnalysisServer.class);

    private final ObjectMapper answers;
    private final StatelessHttp transport;
    private final McpStatelessSyncServer server;

    AnalysisServer(
            Instance<ToolGroup> groups,
            ObjectMapper answers,
            @ConfigProperty(name = "quarkus.application.version", defaultValue = "dev") String version) {
        this.answers = answers;
        McpJsonMapper protocol = new JacksonMcpJsonMapper(new ObjectMapper());
        this.transport = new StatelessHttp(protocol);
        List<McpStatelessServerFeatures.SyncToolSpecification> tools = groups.stream()
                .flatMap(g -> g.tools().stream())
                .map(t -> spec(protocol, t))
                .toList();
        this.server = McpServer.sync(transport)
                .serverInfo("sluice", version)
                .instructions("Sluice's lake and runs, read-only. Start with list_assets; describe_table before"
                        + " run_sql; aggregate in SQL rather than reading rows.")
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .jsonMapper(protocol)
                .immediateExecution(true)
                .tools(tools)
                .build();
    }

    /** Answers one POSTed message of {@code caller}. */
    StatelessHttp.Answer handle(Caller caller, String body) {
        return transport.handle(McpTransportContext.create(Map.of(StatelessHttp.CALLER, caller)), body);
    }

    private McpStatelessServerFeatures.SyncToolSpecification spec(McpJsonMapper protocol, AnalysisTool tool) {
        McpSchema.Tool described = McpSchema.Tool.builder()
                .name(tool.name())
                .description(tool.description())
                .inputSchema(protocol, tool.inputSchema())
                .annotations(new McpSchema.ToolAnnotations(null, true, false, true, false, null))
                .build();
        return new McpStatelessServerFeatures.SyncToolSpecification(
                described, (context, request) -> call(tool, (Caller) context.get(StatelessHttp.CALLER), request));
    }

    private McpSchema.CallToolResult call(AnalysisTool tool, Caller caller, McpSchema.CallToolRequest request) {
        try {
            Object answer = tool.answer().apply(ToolInput.of(request.arguments(), tool.arguments(), caller));
            return McpSchema.CallToolResult.builder()
                    .addTextContent(answers.writeValueAsString(answer))
                    .isError(false)
                    .build();
        } catch (ToolRefused | RequestRejected | CatalogException | NotAllowed | LakeUnavailable e) {
            return refused(e.getMessage());
        } catch (LakeTables.UnsupportedRead e) {
            return refused(e.parameter() + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            return refused(e.getMessage());
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.errorf(e, "MCP tool %s failed", tool.name());
            return refused("the tool " + tool.name() + " failed ("
                    + e.getClass().getSimpleName() + "); the server's log says why");
        }
    }

    private static McpSchema.CallToolResult refused(String sentence) {
        return McpSchema.CallToolResult.builder()
                .addTextContent(sentence)
                .isError(true)
                .build();
    }

    @PreDestroy
    void close() {
        server.close();
    }
}
