package io.sluice.api;

import io.sluice.identity.CallerRefused;
import io.sluice.identity.RequestCaller;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The one place that works out who acts on a request, for the API and the pages alike: the {@code X-Sluice-User}
 * header's name, else anonymous (see {@link io.sluice.identity.Caller#claimed}). Before any endpoint runs, an API
 * request naming a caller that cannot act (a name reserved for Sluice's own automation: 400; one the metadata store cannot
 * keep: 422) is refused with a problem; a page keeps the refusal for its form handler, which shows it as the page's
 * error (pages read without recording anyone).
 */
public class CallerFilter {

    private final RequestCaller caller;

    public CallerFilter(RequestCaller caller) {
        this.caller = caller;
    }

    @ServerRequestFilter
    public Optional<Response> resolveCaller(ContainerRequestContext request) {
        caller.resolve("header " + RunResource.ACTOR_HEADER, request.getHeaderString(RunResource.ACTOR_HEADER));
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
