package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.access.AccessConfig;
import io.sluice.access.Tokens;
import io.sluice.app.TokenCommands;
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
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

/**
 * My tokens ({@code /account/tokens}): the logged-in user's personal API tokens, a form to make one (its secret shown on
 * the answer, once) and a button to revoke each; through {@link TokenCommands}, as {@code /api/tokens}.
 */
@Path("/account/tokens")
@Produces(MediaType.TEXT_HTML)
public class TokensPage {

    /** A token just made: its name and its secret, shown on this answer only. */
    public record Made(String name, String secret) {}

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                boolean enabled,
                List<TokenRow> tokens,
                Made made,
                String revoked,
                String error,
                Map<String, String> form);
    }

    private final TokenCommands commands;
    private final RequestCaller caller;
    private final AccessConfig config;
    private final InstantSource clock;

    public TokensPage(TokenCommands commands, RequestCaller caller, AccessConfig config, InstantSource clock) {
        this.commands = commands;
        this.caller = caller;
        this.config = config;
        this.clock = clock;
    }

    @GET
    public Response page(@QueryParam("revoked") String revoked) {
        return render(200, null, revoked, null, Map.of());
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response create(byte[] body, @Context HttpHeaders headers) {
        Map<String, String> form = Map.of();
        try {
            Map<String, List<String>> fields = PageForms.read(body, headers, null);
            form = AccessForms.echo(fields, "name", "role", "group", "expires");
            Tokens.Issued issued = commands.create(
                    PageForms.caller(caller),
                    new TokenCommands.NewToken(
                            PageForms.first(fields, "name").orElse(""),
                            PageForms.first(fields, "role").orElse(""),
                            PageForms.first(fields, "group").orElse(""),
                            expires(PageForms.first(fields, "expires").orElse(""))));
            return render(201, new Made(issued.token().name(), issued.secret()), null, null, Map.of());
        } catch (RequestRejected | NotAllowed e) {
            return render(PageForms.status(e), null, null, e.getMessage(), form);
        }
    }

    @POST
    @Path("{id}/revoke")
    public Response revoke(@PathParam("id") String id) {
        try {
            String name = commands.revoke(PageForms.caller(caller), id).name();
            return Response.status(303)
                    .header("Location", "/account/tokens?revoked=" + AccessForms.encode(name))
                    .build();
        } catch (RequestRejected | NotAllowed e) {
            return render(PageForms.status(e), null, null, e.getMessage(), Map.of());
        }
    }

    private Response render(int status, Made made, String revoked, String error, Map<String, String> form) {
        List<TokenRow> rows = List.of();
        if (config.enabled()) {
            Instant now = clock.instant();
            rows = commands.list(PageForms.caller(caller), false).stream()
                    .map(t -> TokenRow.of(t, now))
                    .toList();
        }
        String shownRevoked = rows.stream().anyMatch(r -> r.name().equals(revoked)) ? revoked : null;
        return Response.status(status)
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(Templates.page(config.enabled(), rows, made, shownRevoked, error, form)
                        .render())
                .build();
    }

    /**
     * The expiry a form gives, a day ({@code 2025-03-01}, the token stops at its start, UTC); blank: the default.
     *
     * @throws RequestRejected naming {@code expiresAt} when it is not a day
     */
    static Instant expires(String day) {
        if (day.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(day.strip()).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            throw RequestRejected.invalid(
                    "expiresAt", "the expiry must be a day written 2025-03-01; got " + AccessForms.shown(day));
        }
    }
}
