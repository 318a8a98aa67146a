package io.sluice.api;

import io.sluice.access.StoredToken;
import io.sluice.access.Tokens;
import io.sluice.app.TokenCommands;
import io.sluice.identity.Grant;
import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Personal API tokens (authentication on): made for oneself, shown once, stored as a hash, listed without their secret,
 * revocable. A token is sent as {@code Authorization: Bearer <token>}.
 */
@Path("/api/tokens")
@Tag(name = "Tokens")
@Produces(MediaType.APPLICATION_JSON)
public class TokenResource {

    @Schema(description = "A new personal token: its name, role and optional asset group, and when it expires.")
    public record TokenBody(
            @Schema(required = true, description = "A name to tell the token apart, like ci-nightly.")
            String name,

            @Schema(
                    required = true,
                    description = "viewer, operator or admin: at most the maker's own role for that group.")
            String role,

            @Schema(description = "The asset group the role is for, like finance; none: every group.")
            String group,

            @Schema(description = "When the token stops working; default 30 days from now (at most 366).")
            Instant expiresAt) {}

    @Schema(description = "A personal token, without its secret.")
    public record TokenDto(
            @Schema(required = true, description = "The token's id, to revoke it.")
            String id,

            @Schema(required = true, description = "Its name.")
            String name,

            @Schema(required = true, description = "Whose it is: who acts when it is used.")
            String user,

            @Schema(required = true, description = "Its roles, like operator or operator of finance.")
            List<String> grants,

            @Schema(required = true) Instant createdAt,
            @Schema(required = true) Instant expiresAt,

            @Schema(description = "When it was revoked, if it was.")
            Instant revokedAt,

            @Schema(description = "When it was last used, to the minute, if it was.")
            Instant lastUsedAt) {

        static TokenDto of(StoredToken t) {
            return new TokenDto(
                    t.id(),
                    t.name(),
                    t.user(),
                    t.grants().stream().map(Grant::toString).toList(),
                    t.created(),
                    t.expires(),
                    t.revoked().orElse(null),
                    t.lastUsed().orElse(null));
        }
    }

    @Schema(description = "A token just made, with its secret: shown this once, never again.")
    public record CreatedTokenDto(
            @Schema(required = true) TokenDto token,

            @Schema(required = true, description = "The secret to send as Authorization: Bearer <secret>.")
            String secret) {}

    private final TokenCommands commands;
    private final RequestCaller caller;

    public TokenResource(TokenCommands commands, RequestCaller caller) {
        this.commands = commands;
        this.caller = caller;
    }

    @Operation(
            operationId = "createToken",
            summary = "Create a personal token",
            description =
                    "Makes a token of the calling user, with a role no higher than theirs, for every asset group or"
                            + " one; its secret is in this answer only (Sluice keeps its SHA-256).")
    @RequestBody(required = true, description = "The token's name, role, optional group and expiry.")
    @APIResponse(
            responseCode = "201",
            description = "The token, with its secret (shown this once).",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = CreatedTokenDto.class)))
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "409", description = "Authentication is off: tokens are not checked, so none are made.")
    @APIResponse(
            responseCode = "422",
            description = "The name, role, group or expiry is not allowed (a role above the maker's, a past expiry).")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(TokenBody body) {
        Tokens.Issued issued = commands.create(
                caller.get(),
                body == null
                        ? null
                        : new TokenCommands.NewToken(body.name(), body.role(), body.group(), body.expiresAt()));
        return Response.status(201)
                .entity(new CreatedTokenDto(TokenDto.of(issued.token()), issued.secret()))
                .build();
    }

    @Operation(
            operationId = "listTokens",
            summary = "List personal tokens",
            description = "The calling user's tokens, newest first, without their secrets; all=true lists every user's"
                    + " (admins only).")
    @Parameter(name = "all", in = ParameterIn.QUERY, description = "true: every user's tokens (needs the admin role).")
    @APIResponse(responseCode = "200", description = "The tokens.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "403", description = "all=true from a caller who is not an admin.")
    @APIResponse(responseCode = "409", description = "Authentication is off.")
    @GET
    public List<TokenDto> list(@QueryParam("all") boolean all) {
        return commands.list(caller.get(), all).stream().map(TokenDto::of).toList();
    }

    @Operation(
            operationId = "revokeToken",
            summary = "Revoke a personal token",
            description = "Revokes one of the calling user's tokens (an admin: anyone's): from now on it is a 401, on"
                    + " every node.")
    @Parameter(name = "id", in = ParameterIn.PATH, description = "The token's id, as the list answers it.")
    @APIResponse(responseCode = "200", description = "The token, revoked.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "404", description = "The caller has no token of this id.")
    @APIResponse(responseCode = "409", description = "The token was revoked already, or authentication is off.")
    @DELETE
    @Path("/{id}")
    public TokenDto revoke(@PathParam("id") String id) {
        return TokenDto.of(commands.revoke(caller.get(), id));
    }
}
