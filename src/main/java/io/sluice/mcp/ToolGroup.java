package io.sluice.mcp;

import java.util.List;

/** A set of tools the MCP server offers (a CDI bean; the server takes every one). */
interface ToolGroup {

    List<AnalysisTool> tools();
}
