package io.sluice.access;

import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.sluice.identity.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Gives an identity that quarkus-oidc made from the identity provider's token (single sign-on: a code-flow session on the
 * pages, an access token on the API) the {@link Caller} the faces act as, by {@link SignOnRules}: the name from the
 * configured claim, the grants from the role claim's values (the roles quarkus-oidc read from
 * {@code quarkus.oidc.roles.role-claim-path}). Sluice's own sessions and tokens carry their caller already and pass
 * unchanged.
 */
@ApplicationScoped
public class SignOnIdentities implements SecurityIdentityAugmentor {

    /**
     * The identity's attribute saying why the identity provider's user cannot act at all (a name Sluice cannot record);
     * such an identity carries no caller, and every request of it is refused (403) with this reason.
     */
    public static final String REFUSAL = "sluice.sign-on-refusal";

    private final AccessConfig config;
    private volatile SignOnRules rules;

    public SignOnIdentities(AccessConfig config) {
        this.config = config;
    }

    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context) {
        if (!config.oidc().enabled()
                || identity.isAnonymous()
                || identity.getAttribute(AccessIdentityProviders.CALLER) != null
                || !(identity.getPrincipal() instanceof JsonWebToken token)) {
            return Uni.createFrom().item(identity);
        }
        QuarkusSecurityIdentity.Builder b = QuarkusSecurityIdentity.builder(identity);
        try {
            b.addAttribute(
                    AccessIdentityProviders.CALLER,
                    rules().caller(token::getClaim, token.getSubject(), identity.getRoles()));
        } catch (IllegalArgumentException e) {
            b.addAttribute(REFUSAL, e.getMessage());
        }
        return Uni.createFrom().item(b.build());
    }

    /** The rules of the configuration, read once (AccessStartup checked them at start-up). */
    SignOnRules rules() {
        SignOnRules r = rules;
        if (r == null) {
            r = SignOnRules.of(config.oidc());
            rules = r;
        }
        return r;
    }
}
