package io.sluice.api;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.sluice.access.AccessConfig;
import io.sluice.access.SessionCredential;
import io.sluice.access.TokenCredential;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * Quarkus security's mechanism for Sluice's credentials, with authentication on: {@code Authorization: Bearer <token>}
 * (the API, scripts, the CLI), else the session cookie the login page set. A credential that does not authenticate leaves
 * the request anonymous, its reason kept for the 401 {@link AccessGate} answers; with authentication off it does
 * nothing.
 */
@ApplicationScoped
public class AccessMechanism implements HttpAuthenticationMechanism {

    /** The session cookie's name. */
    public static final String SESSION_COOKIE = "sluice_session";

    /** Where a credential's refusal is kept on the routing context for {@link AccessGate}. */
    static final String REFUSAL = "sluice.auth.refusal";

    private final AccessConfig config;

    public AccessMechanism(AccessConfig config) {
        this.config = config;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        if (!config.enabled()) {
            return Uni.createFrom().nullItem();
        }
        AuthenticationRequest request = credential(context);
        if (request == null) {
            return Uni.createFrom().nullItem();
        }
        return identities
                .authenticate(request)
                .onFailure(AuthenticationFailedException.class)
                .recoverWithItem(failure -> {
                    context.put(REFUSAL, failure.getMessage());
                    return null;
                });
    }

    private static AuthenticationRequest credential(RoutingContext context) {
        String authorization = context.request().getHeader("Authorization");
        if (authorization != null) {
            String a = authorization.strip();
            if (a.regionMatches(true, 0, "Bearer ", 0, 7)) {
                return new TokenCredential(a.substring(7).strip());
            }
            context.put(
                    REFUSAL, "the Authorization header must be Bearer <token>; create a token with POST /api/tokens");
            return null;
        }
        Cookie cookie = context.request().getCookie(SESSION_COOKIE);
        return cookie == null || cookie.getValue().isBlank() ? null : new SessionCredential(cookie.getValue());
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", "Bearer realm=\"sluice\""));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenCredential.class, SessionCredential.class);
    }
}
