package io.sluice.api;

import io.sluice.runs.Actors;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/** Refuses, before any endpoint runs, an {@code X-Sluice-User} header the metadata store cannot keep (see {@link Actors}). */
public class ActorHeaderFilter {

    @ServerRequestFilter
    public Optional<Response> actorHeader(ContainerRequestContext request) {
        String path = "/" + request.getUriInfo().getPath().replaceFirst("^/", "");
        return Actors.problem("header " + RunResource.ACTOR_HEADER, request.getHeaderString(RunResource.ACTOR_HEADER))
                .map(problem -> Problem.response(422, problem, RunResource.ACTOR_HEADER, path));
    }
}
