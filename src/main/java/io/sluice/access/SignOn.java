package io.sluice.access;

import io.quarkus.oidc.OidcSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.sluice.identity.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.time.Duration;

/**
 * Single sign-on as the pages see it: whether it is on, the provider's name for the login page's button, and ending the
 * provider's session in Sluice on logout (quarkus-oidc's session cookie; the provider's own session stays, as with any
 * site that signs in through it).
 */
@ApplicationScoped
public class SignOn {

    private final AccessConfig config;
    private final Instance<OidcSession> sessions;

    public SignOn(AccessConfig config, Instance<OidcSession> sessions) {
        this.config = config;
        this.sessions = sessions;
    }

    /** Whether the pages offer signing in through the identity provider (authentication and single sign-on on). */
    public boolean enabled() {
        return config.enabled() && config.oidc().enabled();
    }

    public String providerName() {
        return config.oidc().providerName();
    }

    /** Ends the request's single sign-on session in Sluice, if the caller signed on. */
    public void logout(SecurityIdentity identity) {
        Caller caller = identity.isAnonymous() ? null : identity.getAttribute(AccessIdentityProviders.CALLER);
        boolean signedOn = caller != null && caller.by() == Caller.Identified.SINGLE_SIGN_ON
                || identity.getAttribute(SignOnIdentities.REFUSAL) != null;
        if (enabled() && signedOn) {
            sessions.get().logout().await().atMost(Duration.ofSeconds(10));
        }
    }
}
