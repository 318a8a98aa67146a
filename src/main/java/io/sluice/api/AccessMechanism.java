package io.sluice.api;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.sluice.access.AccessConfig;
import io.sluice.access.SessionCredential;
import io.sluice.access.TokenCredential;
import io.sluice.access.Tokens;
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
 *
 * <p>With single sign-on on ({@code sluice.auth.oidc.enabled}), quarkus-oidc's mechanism stands beside this one and comes
 * after it (this one's priority is higher): a bearer token that is not Sluice's own (Sluice's start with
 * {@value Tokens#PREFIX}) and a request without Sluice's session cookie are left to it. A Sluice token that does not
 * authenticate ends the search with an anonymous identity, so that the identity provider never sees Sluice's secrets.
 */
@ApplicationScoped
public class AccessMechanism implements HttpAuthenticationMechanism {

    /** The session cookie's name. */
    public static final String SESSION_COOKIE = "sluice_session";

    /** Where a credential's refusal is kept on the routing context for {@link AccessGate}. */
    static final String REFUSAL = "sluice.auth.refusal";

    /** Above quarkus-oidc's mechanism ({@code quarkus.oidc.priority}, 1001 by default): Sluice's credentials go first. */
    static final int PRIORITY = HttpAuthenticationMechanism.DEFAULT_PRIORITY + 100;

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
                    // a refused bearer token of Sluice's stops here: no other mechanism is to read it
                    return request instanceof TokenCredential ? ANONYMOUS : null;
                });
    }

    private static final SecurityIdentity ANONYMOUS =
            QuarkusSecurityIdentity.builder().setAnonymous(true).build();

    private AuthenticationRequest credential(RoutingContext context) {
        String authorization = context.request().getHeader("Authorization");
        if (authorization != null) {
            String a = authorization.strip();
            if (a.regionMatches(true, 0, "Bearer ", 0, 7)) {
                String secret = a.substring(7).strip();
                if (config.oidc().enabled() && !secret.startsWith(Tokens.PREFIX)) {
                    return null; // the identity provider's access token: quarkus-oidc's mechanism checks it
                }
                return new TokenCredential(secret);
            }
            context.put(
                    REFUSAL, "the Authorization header must be Bearer <token>; create a token with POST /api/tokens");
            return null;
        }
        Cookie cookie = context.request().getCookie(SESSION_COOKIE);
        return cookie == null || cookie.getValue().isBlank() ? null : new SessionCredential(cookie.getValue());
    }

    @Override
    public int getPriority() {
        return PRIORITY;
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
