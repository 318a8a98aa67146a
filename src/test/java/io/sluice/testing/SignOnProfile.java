package io.sluice.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * Authentication on with single sign-on through {@link TestIssuer}, a local OpenID Connect provider: roles from its
 * {@code roles} claim, as values that are grants ({@code operator}, {@code viewer:finance}) or through the listed name
 * {@code finance-team} ({@code operator:finance}).
 */
public class SignOnProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.ofEntries(
                Map.entry("sluice.auth.enabled", "true"),
                Map.entry("sluice.auth.admin-password", AuthOnProfile.ADMIN_PASSWORD),
                Map.entry("sluice.auth.oidc.enabled", "true"),
                Map.entry("sluice.auth.oidc.provider-name", "Test IdP"),
                Map.entry("sluice.auth.oidc.grants.\"finance-team\"", "operator:finance"),
                Map.entry("quarkus.oidc.roles.role-claim-path", "roles"));
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(TestIssuer.class));
    }
}
