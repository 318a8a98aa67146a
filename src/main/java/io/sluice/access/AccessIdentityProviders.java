package io.sluice.access;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Quarkus security's identity providers for Sluice's two credentials: each looks the credential up in the metadata
 * store (on a worker thread) and gives a {@link SecurityIdentity} whose attribute {@link #CALLER} is the {@link Caller}
 * the faces act as, or fails with the reason (which the faces put in their 401).
 */
public final class AccessIdentityProviders {

    /** The identity's attribute holding the {@link Caller}. */
    public static final String CALLER = "sluice.caller";

    /** The identity's attribute saying that its user must change their password before anything else. */
    public static final String MUST_CHANGE_PASSWORD = "sluice.must-change-password";

    /** The identity's attribute holding the SHA-256 of its session's id (sessions only). */
    public static final String SESSION_HASH = "sluice.session-hash";

    private AccessIdentityProviders() {}

    static SecurityIdentity identity(Caller caller, boolean mustChange, String sessionHash) {
        QuarkusSecurityIdentity.Builder b = QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(caller.name()))
                .addAttribute(CALLER, caller)
                .addAttribute(MUST_CHANGE_PASSWORD, mustChange);
        for (Grant g : caller.grants()) {
            b.addRole(Grants.write(g));
        }
        if (sessionHash != null) {
            b.addAttribute(SESSION_HASH, sessionHash);
        }
        return b.build();
    }

    @ApplicationScoped
    public static class FromSession implements IdentityProvider<SessionCredential> {

        private final Logins logins;

        public FromSession(Logins logins) {
            this.logins = logins;
        }

        @Override
        public Class<SessionCredential> getRequestType() {
            return SessionCredential.class;
        }

        @Override
        public Uni<SecurityIdentity> authenticate(SessionCredential request, AuthenticationRequestContext context) {
            return context.runBlocking(() -> {
                Logins.Found found = logins.session(request.sessionId());
                Logins.SessionUser user =
                        found.user().orElseThrow(() -> new AuthenticationFailedException(found.refusal()));
                return identity(user.caller(), user.user().mustChangePassword(), user.idHash());
            });
        }
    }

    @ApplicationScoped
    public static class FromToken implements IdentityProvider<TokenCredential> {

        private final Tokens tokens;

        public FromToken(Tokens tokens) {
            this.tokens = tokens;
        }

        @Override
        public Class<TokenCredential> getRequestType() {
            return TokenCredential.class;
        }

        @Override
        public Uni<SecurityIdentity> authenticate(TokenCredential request, AuthenticationRequestContext context) {
            return context.runBlocking(() -> {
                Tokens.Checked checked = tokens.check(request.secret());
                Caller caller =
                        checked.caller().orElseThrow(() -> new AuthenticationFailedException(checked.refusal()));
                return identity(caller, false, null);
            });
        }
    }
}
