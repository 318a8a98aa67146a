package io.sluice.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GrantsTest {

    @Test
    void grantsAreWrittenAndReadBack() {
        List<Grant> grants = List.of(Grant.everywhere(Role.VIEWER), Grant.inGroup(Role.OPERATOR, "finance"));
        assertThat(Grants.write(grants)).isEqualTo("viewer,operator:finance");
        assertThat(Grants.read("viewer,operator:finance")).isEqualTo(grants);
        assertThat(Grants.read("")).isEmpty();
        assertThatThrownBy(() -> Grants.read("boss")).hasMessageContaining("viewer, operator or admin");
        assertThatThrownBy(() -> Grants.grant("viewer", Optional.of("a,b"))).hasMessageContaining("group");
    }

    @Test
    void aTokenNeverHoldsMoreThanItsMaker() {
        List<Grant> operatorOfFinance = List.of(Grant.inGroup(Role.OPERATOR, "finance"));
        assertThat(Grants.covers(operatorOfFinance, Grant.inGroup(Role.VIEWER, "finance")))
                .isTrue();
        assertThat(Grants.covers(operatorOfFinance, Grant.inGroup(Role.ADMIN, "finance")))
                .isFalse();
        assertThat(Grants.covers(operatorOfFinance, Grant.everywhere(Role.VIEWER)))
                .isFalse();
        assertThat(Grants.covers(operatorOfFinance, Grant.inGroup(Role.VIEWER, "sales")))
                .isFalse();
        assertThat(Grants.covers(List.of(Grant.everywhere(Role.ADMIN)), Grant.inGroup(Role.OPERATOR, "sales")))
                .isTrue();
        assertThat(Grants.within(
                        List.of(Grant.everywhere(Role.VIEWER)),
                        List.of(Grant.everywhere(Role.OPERATOR), Grant.inGroup(Role.VIEWER, "x"))))
                .containsExactly(Grant.inGroup(Role.VIEWER, "x"));
    }

    @Test
    void secretsAreRandomAndHashedWithSha256() {
        assertThat(Secrets.random()).hasSize(43).isNotEqualTo(Secrets.random());
        assertThat(Secrets.password(20)).hasSize(20).doesNotContain("0", "O", "l", "1", "I");
        assertThat(Secrets.sha256("abc")).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    @Test
    void passwordsAreBcryptHashesThatOnlyTheirPasswordMatches() {
        String hash = Passwords.hash("correct horse battery");
        assertThat(hash).startsWith("$2").doesNotContain("correct horse battery");
        assertThat(Passwords.hash("correct horse battery")).as("salted").isNotEqualTo(hash);
        assertThat(Passwords.matches("correct horse battery", hash)).isTrue();
        assertThat(Passwords.matches("correct horse batterY", hash)).isFalse();
        assertThat(Passwords.matches("x", "not a bcrypt hash")).isFalse();
        assertThat(Passwords.problem("short")).isPresent();
        assertThat(Passwords.problem("long enough password")).isEmpty();
    }
}
