package io.sluice.api;

import io.sluice.app.Whoami;
import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Who the caller is: for {@code sluice whoami}, a login's check of its token, and scripts. */
@Path("/api/me")
@Tag(name = "Tokens")
@Produces(MediaType.APPLICATION_JSON)
public class MeResource {

    @Schema(description = "Who is calling, and what they may do.")
    public record MeDto(
            @Schema(required = true, description = "The name who acts on this caller's requests.")
            String name,

            @Schema(
                    required = true,
                    description = "How Sluice knows it: session, token, single_sign_on; anonymous or claimed"
                            + " (a name the request gave) when authentication is off.")
            String identifiedBy,

            @Schema(required = true, description = "Whether Sluice checked who this is (a session or a token).")
            boolean authenticated,

            @Schema(
                    required = true,
                    description = "Its roles, like operator or viewer of finance; none: it may" + " only log out.")
            List<String> grants) {

        static MeDto of(Whoami w) {
            return new MeDto(w.name(), w.identifiedBy(), w.authenticated(), w.grants());
        }
    }

    private final RequestCaller caller;

    public MeResource(RequestCaller caller) {
        this.caller = caller;
    }

    @Operation(
            operationId = "whoAmI",
            summary = "Who is calling",
            description = "The calling user or token's name, how Sluice knows it, and its roles. Answers a caller"
                    + " holding no role too.")
    @APIResponse(responseCode = "200", description = "The caller.")
    @APIResponse(responseCode = "401", description = "No authenticated caller (authentication on).")
    @GET
    public MeDto me() {
        return MeDto.of(Whoami.of(caller.get()));
    }
}
