package io.sluice.mcp;

import java.util.Set;
import java.util.function.Function;

/**
 * One read-only tool of the MCP server.
 *
 * @param name the tool's name, as an assistant calls it
 * @param description what it answers and how to ask, for the assistant
 * @param inputSchema its arguments as a JSON schema (JSON text)
 * @param arguments the names of its arguments, every other one refused
 * @param answer what it answers for the arguments; a value Jackson writes as JSON
 */
record AnalysisTool(
        String name,
        String description,
        String inputSchema,
        Set<String> arguments,
        Function<ToolInput, Object> answer) {

    /** A JSON schema of an object with these properties (JSON text each) and these required ones. */
    static String schema(String properties, String... required) {
        return "{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{" + properties + "},\"required\":["
                + String.join(
                        ",",
                        java.util.Arrays.stream(required)
                                .map(r -> "\"" + r + "\"")
                                .toList()) + "]}";
    }

    /** A property of {@link #schema}: {@code "name":{"type":type,"description":description}}. */
    static String property(String name, String type, String description) {
        return "\"" + name + "\":{\"type\":\"" + type + "\",\"description\":\""
                + description.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
    }
}
