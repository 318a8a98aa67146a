package io.sluice.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/** Sets the anti-forgery cookie when a page handed out a new token ({@link CsrfToken}). */
public class CsrfCookie {

    private final CsrfToken token;

    public CsrfCookie(CsrfToken token) {
        this.token = token;
    }

    @ServerResponseFilter
    public void setCookie(ContainerRequestContext request, ContainerResponseContext response) {
        if (token.issued()) {
            boolean tls = "https"
                    .equalsIgnoreCase(request.getUriInfo().getRequestUri().getScheme());
            response.getHeaders()
                    .add(
                            HttpHeaders.SET_COOKIE,
                            CsrfToken.COOKIE + "=" + token.token() + "; Path=/; HttpOnly; SameSite=Strict"
                                    + (tls ? "; Secure" : ""));
        }
    }
}
