package io.sluice.api;

import io.quarkus.security.identity.SecurityIdentity;
import io.sluice.access.AccessConfig;
import io.sluice.access.AccessIdentityProviders;
import io.sluice.identity.Caller;
import io.sluice.identity.CallerRefused;
import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The one place that works out who acts on a request, for the API and the pages alike. With authentication on
 * ({@code sluice.auth.enabled}) it is the user that Quarkus security authenticated ({@link AccessMechanism}: a session or a
 * token), and an {@code X-Sluice-User} header naming anyone else is refused (400); with it off, the header's name, else
 * anonymous (see {@link io.sluice.identity.Caller#claimed}). Before any endpoint runs, an API
 * request naming a caller that cannot act (a name reserved for Sluice's own automation: 400; one the metadata store cannot
 * keep: 422) is refused with a problem; a page keeps the refusal for its form handler, which shows it as the page's
 * error (pages read without recording anyone).
 */
public class CallerFilter {

    private final RequestCaller caller;
    private final AccessConfig access;
    private final SecurityIdentity identity;

    public CallerFilter(RequestCaller caller, AccessConfig access, SecurityIdentity identity) {
        this.caller = caller;
        this.access = access;
        this.identity = identity;
    }

    @ServerRequestFilter
    public Optional<Response> resolveCaller(ContainerRequestContext request) {
        String field = "header " + RunResource.ACTOR_HEADER;
        String given = request.getHeaderString(RunResource.ACTOR_HEADER);
        if (access.enabled()) {
            Caller authenticated =
                    identity.isAnonymous() ? null : identity.getAttribute(AccessIdentityProviders.CALLER);
            caller.authenticated(authenticated == null ? Caller.unauthenticated() : authenticated, field, given);
        } else {
            caller.resolve(field, given);
        }
        String path = "/" + request.getUriInfo().getPath().replaceFirst("^/", "");
        if (!path.equals("/api") && !path.startsWith("/api/")) {
            return Optional.empty();
        }
        try {
            caller.get();
            return Optional.empty();
        } catch (CallerRefused e) {
            return Optional.of(ProblemMappers.refused(e, path));
        }
    }
}
