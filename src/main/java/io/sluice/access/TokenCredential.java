package io.sluice.access;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** A request's bearer token, to be checked by {@link AccessIdentityProviders.FromToken}. Never logged. */
public final class TokenCredential extends BaseAuthenticationRequest {

    private final String secret;

    public TokenCredential(String secret) {
        this.secret = secret;
    }

    String secret() {
        return secret;
    }

    @Override
    public String toString() {
        return "TokenCredential[…]";
    }
}
