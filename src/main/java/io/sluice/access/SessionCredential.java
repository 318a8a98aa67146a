package io.sluice.access;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** A request's session cookie, to be checked by {@link AccessIdentityProviders.FromSession}. Never logged. */
public final class SessionCredential extends BaseAuthenticationRequest {

    private final String sessionId;

    public SessionCredential(String sessionId) {
        this.sessionId = sessionId;
    }

    String sessionId() {
        return sessionId;
    }

    @Override
    public String toString() {
        return "SessionCredential[…]";
    }
}
