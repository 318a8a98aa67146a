package io.sluice.api;

import io.sluice.access.User;
import io.sluice.app.UserCommands;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
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

/** Users, for admins (authentication on): list, create, change grants, disable and enable, reset a password. */
@Path("/api/users")
@Tag(name = "Users")
@Produces(MediaType.APPLICATION_JSON)
public class UserResource {

    @Schema(description = "A user, without their password.")
    public record UserDto(
            @Schema(required = true, description = "The name they log in with and are recorded as.")
            String name,

            @Schema(required = true, description = "Their roles, like admin or operator:finance.")
            List<String> grants,

            @Schema(required = true, description = "Whether their next login asks for a new password first.")
            boolean mustChangePassword,

            @Schema(required = true) Instant createdAt,

            @Schema(description = "When they were disabled, if they are.")
            Instant disabledAt) {

        static UserDto of(User u) {
            return new UserDto(
                    u.name(),
                    u.grants().stream().map(io.sluice.access.Grants::write).toList(),
                    u.mustChangePassword(),
                    u.created(),
                    u.disabled().orElse(null));
        }
    }

    @Schema(description = "A user and the password set for them: shown this once, to be changed at their first login.")
    public record UserWithPasswordDto(
            @Schema(required = true) UserDto user,

            @Schema(required = true, description = "The password to hand to the user.")
            String password) {}

    @Schema(description = "A new user: their name and roles.")
    public record NewUserBody(
            @Schema(required = true, description = "The name they log in with, like ann.")
            String name,

            @Schema(required = true, description = "Their roles: admin, operator, viewer, or role:group.")
            List<String> grants) {}

    @Schema(description = "A user's roles, replacing the ones they have.")
    public record GrantsBody(
            @Schema(
                    required = true,
                    description = "Roles: admin, operator, viewer, or role:group like operator:finance.")
            List<String> grants) {}

    private final UserCommands commands;
    private final RequestCaller caller;

    public UserResource(UserCommands commands, RequestCaller caller) {
        this.commands = commands;
        this.caller = caller;
    }

    @Operation(
            operationId = "listUsers",
            summary = "List the users",
            description = "Every user, with their roles and state (admins only).")
    @APIResponse(responseCode = "200", description = "The users, by name.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "403", description = "The caller is not an admin of every asset group.")
    @APIResponse(responseCode = "409", description = "Authentication is off.")
    @GET
    public List<UserDto> list() {
        return commands.list(caller.get()).stream().map(UserDto::of).toList();
    }

    @Operation(
            operationId = "createUser",
            summary = "Create a user",
            description = "Creates a user with the roles given and a random password, answered this once, that they"
                    + " change at their first login (admins only).")
    @RequestBody(required = true, description = "The user's name and roles.")
    @APIResponse(
            responseCode = "201",
            description = "The user, with their first password.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = UserWithPasswordDto.class)))
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "403", description = "The caller is not an admin of every asset group.")
    @APIResponse(responseCode = "409", description = "There is a user of this name, or authentication is off.")
    @APIResponse(responseCode = "422", description = "The name or a role is not allowed.")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(NewUserBody body) {
        if (body == null) {
            throw RequestRejected.malformed(
                    null, "request body is missing; send {\"name\": \"...\", \"grants\": [...]}");
        }
        UserCommands.WithPassword made = commands.create(caller.get(), body.name(), body.grants());
        return Response.status(201)
                .entity(new UserWithPasswordDto(UserDto.of(made.user()), made.password()))
                .build();
    }

    @Operation(
            operationId = "setUserGrants",
            summary = "Set a user's roles",
            description =
                    "Replaces the user's roles; Sluice keeps one enabled admin of every asset group (admins only).")
    @Parameter(name = "name", in = ParameterIn.PATH, description = "The user's name.")
    @RequestBody(required = true, description = "The user's roles.")
    @APIResponse(responseCode = "200", description = "The user with their new roles.")
    @APIResponse(responseCode = "400", description = "The body is missing or is not JSON of this shape.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "403", description = "The caller is not an admin of every asset group.")
    @APIResponse(responseCode = "404", description = "There is no such user.")
    @APIResponse(responseCode = "409", description = "It would leave no enabled admin, or authentication is off.")
    @APIResponse(responseCode = "422", description = "A role is not allowed.")
    @PUT
    @Path("/{name}/grants")
    @Consumes(MediaType.APPLICATION_JSON)
    public UserDto setGrants(@PathParam("name") String name, GrantsBody body) {
        if (body == null) {
            throw RequestRejected.malformed(null, "request body is missing; send {\"grants\": [...]}");
        }
        return UserDto.of(commands.setGrants(caller.get(), name, body.grants()));
    }

    @Operation(
            operationId = "disableUser",
            summary = "Disable a user",
            description =
                    "The user can no longer log in; their sessions and tokens stop working at once (admins only).")
    @Parameter(name = "name", in = ParameterIn.PATH, description = "The user's name.")
    @APIResponse(responseCode = "200", description = "The user, disabled.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "403", description = "The caller is not an admin of every asset group.")
    @APIResponse(responseCode = "404", description = "There is no such user.")
    @APIResponse(responseCode = "409", description = "It would leave no enabled admin, or authentication is off.")
    @POST
    @Path("/{name}/disable")
    public UserDto disable(@PathParam("name") String name) {
        return UserDto.of(commands.setDisabled(caller.get(), name, true));
    }

    @Operation(
            operationId = "enableUser",
            summary = "Enable a user",
            description = "A disabled user may log in again, with the password they had (admins only).")
    @Parameter(name = "name", in = ParameterIn.PATH, description = "The user's name.")
    @APIResponse(responseCode = "200", description = "The user, enabled.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "403", description = "The caller is not an admin of every asset group.")
    @APIResponse(responseCode = "404", description = "There is no such user.")
    @APIResponse(responseCode = "409", description = "Authentication is off.")
    @POST
    @Path("/{name}/enable")
    public UserDto enable(@PathParam("name") String name) {
        return UserDto.of(commands.setDisabled(caller.get(), name, false));
    }

    @Operation(
            operationId = "resetUserPassword",
            summary = "Reset a user's password",
            description = "Sets a random password, answered this once, that the user changes at their next login; their"
                    + " sessions end (admins only).")
    @Parameter(name = "name", in = ParameterIn.PATH, description = "The user's name.")
    @APIResponse(responseCode = "200", description = "The user, with the new password.")
    @APIResponse(responseCode = "401", description = "No authenticated caller.")
    @APIResponse(responseCode = "403", description = "The caller is not an admin of every asset group.")
    @APIResponse(responseCode = "404", description = "There is no such user.")
    @APIResponse(responseCode = "409", description = "Authentication is off.")
    @POST
    @Path("/{name}/password-reset")
    public UserWithPasswordDto resetPassword(@PathParam("name") String name) {
        UserCommands.WithPassword reset = commands.resetPassword(caller.get(), name);
        return new UserWithPasswordDto(UserDto.of(reset.user()), reset.password());
    }
}
