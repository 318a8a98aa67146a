package io.sluice.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** How the identity provider's claims become a caller: its name, and grants only from mapped role values. */
class SignOnRulesTest {

    private static final SignOnRules RULES = new SignOnRules(
            "preferred_username",
            Map.of(
                    "sluice-admins", List.of(Grant.everywhere(Role.ADMIN)),
                    "Finance Ops", List.of(Grant.inGroup(Role.OPERATOR, "finance"), Grant.everywhere(Role.VIEWER))),
            true);

    private static Function<String, Object> claims(Map<String, Object> claims) {
        return claims::get;
    }

    @Test
    void valuesThatAreGrantsOrListedNamesGiveGrantsAndOthersNothing() {
        assertThat(RULES.grants(List.of("operator"))).containsExactly(Grant.everywhere(Role.OPERATOR));
        assertThat(RULES.grants(List.of("viewer:sales", "Finance Ops", "viewer")))
                .containsExactly(
                        Grant.inGroup(Role.VIEWER, "sales"),
                        Grant.inGroup(Role.OPERATOR, "finance"),
                        Grant.everywhere(Role.VIEWER));
        assertThat(RULES.grants(List.of("sluice-admins"))).containsExactly(Grant.everywhere(Role.ADMIN));
        assertThat(RULES.grants(List.of("staff", "admins", "operator:a/b", "operator,admin", "")))
                .isEmpty();
        assertThat(RULES.grants(List.of())).isEmpty();
    }

    @Test
    void withoutDirectGrantsOnlyListedNamesCount() {
        SignOnRules listedOnly = new SignOnRules("preferred_username", RULES.listed(), false);
        assertThat(listedOnly.grants(List.of("admin", "operator:finance"))).isEmpty();
        assertThat(listedOnly.grants(List.of("admin", "sluice-admins"))).containsExactly(Grant.everywhere(Role.ADMIN));
    }

    @Test
    void theNameComesFromTheNameClaimElseTheSubject() {
        Caller olga = RULES.caller(claims(Map.of("preferred_username", "olga")), "sub-1", List.of("operator"));
        assertThat(olga.name()).isEqualTo("olga");
        assertThat(olga.by()).isEqualTo(Caller.Identified.SINGLE_SIGN_ON);
        assertThat(olga.authenticated()).isTrue();
        assertThat(RULES.caller(claims(Map.of()), "sub-2", List.of()).name()).isEqualTo("sub-2");
        assertThat(RULES.caller(claims(Map.of()), "sub-2", List.of()).grants()).isEmpty();
        SignOnRules byEmail = new SignOnRules("email", Map.of(), true);
        assertThat(byEmail.caller(claims(Map.of("email", "o@example.com")), "s", List.of())
                        .name())
                .isEqualTo("o@example.com");
    }

    @Test
    void namesSluiceCannotRecordOrReservesAreRefused() {
        assertThatThrownBy(() -> RULES.caller(claims(Map.of()), null, List.of("admin")))
                .hasMessageContaining("neither preferred_username nor sub");
        assertThatThrownBy(() -> RULES.caller(claims(Map.of("preferred_username", "trigger")), "s", List.of("admin")))
                .hasMessageContaining("reserved");
        assertThatThrownBy(() ->
                        RULES.caller(claims(Map.of("preferred_username", "schedule:nightly")), "s", List.of("admin")))
                .hasMessageContaining("reserved");
        assertThatThrownBy(() -> RULES.caller(claims(Map.of("preferred_username", "x".repeat(201))), "s", List.of()))
                .hasMessageContaining("longer than 200");
    }

    @Test
    void aListedValueThatIsNoGrantIsRefusedNamingTheProperty() {
        AccessConfig.SingleSignOn config = new AccessConfig.SingleSignOn() {
            public boolean enabled() {
                return true;
            }

            public String providerName() {
                return "Keycloak";
            }

            public String nameClaim() {
                return "preferred_username";
            }

            public Map<String, String> grants() {
                return Map.of("ops", "boss");
            }

            public boolean directGrants() {
                return true;
            }
        };
        assertThatThrownBy(() -> SignOnRules.of(config))
                .hasMessageContaining("sluice.auth.oidc.grants.\"ops\"")
                .hasMessageContaining("boss");
    }
}
