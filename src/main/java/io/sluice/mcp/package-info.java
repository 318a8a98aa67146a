/**
 * The MCP server for analysis: a face, like the REST API and the pages, that an AI assistant reaches at {@code /mcp}
 * (streamable HTTP, stateless, on the official MCP Java SDK) with a token of any role. Every tool only reads: the
 * catalog with lineage and freshness, a lake table's description and versions, rows as of a business date and a system
 * time, a bounded read-only SQL query, summaries of runs, backfills and checks, and what a run changed. A tool's bad
 * input is a tool error with a sentence ({@link io.sluice.mcp.ToolRefused}), never a stack trace.
 */
package io.sluice.mcp;
