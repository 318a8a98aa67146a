package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.access.AccessConfig;
import io.sluice.app.TokenCommands;
import io.sluice.app.UserCommands;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.runs.RequestRejected;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Users and tokens, for admins ({@code /admin/users}): every user with their roles and state, a form to add one (their
 * first password shown once, to change at their first login), forms to change a user's roles, disable or enable them and
 * reset their password, and every user's tokens with a button to revoke each. Through {@link UserCommands} and
 * {@link TokenCommands}, as {@code /api/users} and {@code /api/tokens?all=true}; a caller who is not an admin gets the
 * 403 page.
 */
@Path("/admin")
@Produces(MediaType.TEXT_HTML)
public class UsersPage {

    /** A password set for a user on this answer, shown once: {@code made} for a new user, else a reset. */
    public record Password(String user, String password, boolean made) {}

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                boolean enabled,
                List<UserRow> users,
                List<TokenRow> tokens,
                Password password,
                String changed,
                String error,
                Map<String, String> form);
    }

    private final UserCommands users;
    private final TokenCommands tokens;
    private final RequestCaller caller;
    private final AccessConfig config;
    private final InstantSource clock;

    public UsersPage(
            UserCommands users, TokenCommands tokens, RequestCaller caller, AccessConfig config, InstantSource clock) {
        this.users = users;
        this.tokens = tokens;
        this.caller = caller;
        this.config = config;
        this.clock = clock;
    }

    @GET
    @Path("users")
    public Response page(@QueryParam("changed") String changed) {
        return render(200, null, changed, null, Map.of());
    }

    @POST
    @Path("users")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response create(byte[] body, @Context HttpHeaders headers) {
        Map<String, String> form = Map.of();
        try {
            Map<String, List<String>> fields = PageForms.read(body, headers, null);
            form = AccessForms.echo(fields, "name", "roles");
            UserCommands.WithPassword made = users.create(
                    PageForms.caller(caller),
                    PageForms.first(fields, "name").orElse(""),
                    AccessForms.roles(PageForms.first(fields, "roles").orElse("")));
            return render(201, new Password(made.user().name(), made.password(), true), null, null, Map.of());
        } catch (RequestRejected | NotAllowed e) {
            return render(PageForms.status(e), null, null, e.getMessage(), form);
        }
    }

    @POST
    @Path("users/{name}/roles")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response roles(@PathParam("name") String name, byte[] body, @Context HttpHeaders headers) {
        return changed(() -> {
            Map<String, List<String>> fields = PageForms.read(body, headers, null);
            return users.setGrants(
                            PageForms.caller(caller),
                            name,
                            AccessForms.roles(PageForms.first(fields, "roles").orElse("")))
                    .name();
        });
    }

    @POST
    @Path("users/{name}/disable")
    public Response disable(@PathParam("name") String name) {
        return changed(
                () -> users.setDisabled(PageForms.caller(caller), name, true).name());
    }

    @POST
    @Path("users/{name}/enable")
    public Response enable(@PathParam("name") String name) {
        return changed(
                () -> users.setDisabled(PageForms.caller(caller), name, false).name());
    }

    @POST
    @Path("users/{name}/password-reset")
    public Response resetPassword(@PathParam("name") String name) {
        try {
            UserCommands.WithPassword reset = users.resetPassword(PageForms.caller(caller), name);
            return render(200, new Password(reset.user().name(), reset.password(), false), null, null, Map.of());
        } catch (RequestRejected | NotAllowed e) {
            return render(PageForms.status(e), null, null, e.getMessage(), Map.of());
        }
    }

    @POST
    @Path("tokens/{id}/revoke")
    public Response revokeToken(@PathParam("id") String id) {
        return changed(() -> {
            var token = tokens.revoke(PageForms.caller(caller), id);
            return "token " + token.name() + " of " + token.user();
        });
    }

    /** Runs a change, then back to the page saying what changed (post, redirect, get); a refusal shows the page. */
    private Response changed(Supplier<String> change) {
        try {
            String what = change.get();
            return Response.status(303)
                    .header("Location", "/admin/users?changed=" + AccessForms.encode(what))
                    .build();
        } catch (RequestRejected | NotAllowed e) {
            return render(PageForms.status(e), null, null, e.getMessage(), Map.of());
        }
    }

    /** What the redirect says changed, when it names a user or a token listed (never any text a link carries). */
    private static String shown(String changed, List<UserRow> users, List<TokenRow> tokens) {
        if (changed == null) {
            return null;
        }
        boolean listed = users.stream().anyMatch(u -> u.name().equals(changed))
                || tokens.stream().anyMatch(t -> ("token " + t.name() + " of " + t.user()).equals(changed));
        return listed ? changed : null;
    }

    private Response render(int status, Password password, String changed, String error, Map<String, String> form) {
        List<UserRow> userRows = List.of();
        List<TokenRow> tokenRows = List.of();
        if (config.enabled()) {
            Caller who = PageForms.caller(caller);
            userRows = users.list(who).stream().map(UserRow::of).toList();
            Instant now = clock.instant();
            tokenRows = tokens.list(who, true).stream()
                    .map(t -> TokenRow.of(t, now))
                    .toList();
        }
        return Response.status(status)
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(Templates.page(
                                config.enabled(),
                                userRows,
                                tokenRows,
                                password,
                                shown(changed, userRows, tokenRows),
                                error,
                                form)
                        .render())
                .build();
    }
}
