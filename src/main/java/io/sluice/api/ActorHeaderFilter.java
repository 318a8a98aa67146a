package io.sluice.api;

import io.sluice.runs.LaunchValidator;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/** Refuses, before any endpoint runs, an {@code X-Sluice-User} header longer than the metadata store keeps. */
public class ActorHeaderFilter {

    @ServerRequestFilter
    public Optional<Response> actorHeader(ContainerRequestContext request) {
        String actor = request.getHeaderString(RunResource.ACTOR_HEADER);
        if (actor == null || actor.length() <= LaunchValidator.MAX_ACTOR) {
            return Optional.empty();
        }
        return Optional.of(Problem.response(422, "header " + RunResource.ACTOR_HEADER + " is longer than " + LaunchValidator.MAX_ACTOR
                + " characters", RunResource.ACTOR_HEADER, "/" + request.getUriInfo().getPath().replaceFirst("^/", "")));
    }
}
