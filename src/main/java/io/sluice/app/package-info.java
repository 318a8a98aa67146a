/**
 * The application layer: the commands every face (the REST API, the pages, later the CLI and the MCP server) calls for
 * every change. Each command takes the {@link io.sluice.identity.Caller} first, checks what it is given, refuses what
 * the caller's roles do not allow ({@link io.sluice.identity.NotAllowed}, before anything is stored), records the
 * caller's name as the actor and hands the change to the domain service, which owns the transaction. The faces stay
 * adapters: they read the request, pass the caller and translate the answer; {@link Refusals} is their one mapping from a
 * refusal to an HTTP status.
 */
package io.sluice.app;
