package io.sluice.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class GrantTest {

    private static Caller with(Grant... grants) {
        return new Caller("alice", Caller.Identified.CLAIMED, List.of(grants));
    }

    @Test
    void eachRoleIncludesTheOnesBeforeIt() {
        Caller viewer = with(Grant.everywhere(Role.VIEWER));
        Caller operator = with(Grant.everywhere(Role.OPERATOR));
        Caller admin = with(Grant.everywhere(Role.ADMIN));
        for (Action a : Action.values()) {
            assertThat(viewer.may(a, "finance/ledger")).as(a.name()).isEqualTo(a.needs() == Role.VIEWER);
            assertThat(operator.may(a, "finance/ledger")).as(a.name()).isEqualTo(a.needs() != Role.ADMIN);
            assertThat(admin.may(a, "finance/ledger")).as(a.name()).isTrue();
        }
    }

    @Test
    void aGroupGrantAllowsScopedActionsOnItsGroupOnly() {
        Caller financeOperator = with(Grant.inGroup(Role.OPERATOR, "finance"));
        assertThat(financeOperator.may(Action.LAUNCH, "finance/ledger")).isTrue();
        assertThat(financeOperator.may(Action.LAUNCH, "form_adv/raw")).isFalse();
        assertThat(financeOperator.may(Action.READ)).isTrue();
        // not scoped: a grant for one group is not enough
        assertThat(financeOperator.may(Action.SWITCH_AUTOMATION)).isFalse();
        assertThatThrownBy(() -> financeOperator.require(Action.LAUNCH, List.of("finance/ledger", "form_adv/raw")))
                .isInstanceOf(NotAllowed.class)
                .hasMessageContaining("form_adv/raw")
                .hasMessageContaining("operator of finance")
                .satisfies(e -> assertThat(((NotAllowed) e).asset()).contains("form_adv/raw"));
        financeOperator.require(Action.LAUNCH, List.of("finance/ledger"));
    }

    @Test
    void aCallerWithoutGrantsMayNotEvenRead() {
        Caller nobody = with();
        assertThat(nobody.may(Action.READ)).isFalse();
        assertThatThrownBy(() -> nobody.require(Action.READ)).hasMessageContaining("holds no role");
    }

    @Test
    void whileAuthenticationIsOffEveryCallerMayDoEverything() {
        for (Caller c : List.of(Caller.anonymous(), Caller.claimed("f", "bob"), Caller.trigger())) {
            for (Action a : Action.values()) {
                assertThat(c.may(a, "any/asset")).isTrue();
            }
        }
    }

    @Test
    void rolesAndGroupsAreReadAsUsersWriteThem() {
        assertThat(Role.of(" Operator ")).contains(Role.OPERATOR);
        assertThat(Role.of("root")).isEmpty();
        assertThat(Grant.inGroup(Role.ADMIN, "finance")).hasToString("admin of finance");
        assertThatThrownBy(() -> Grant.inGroup(Role.ADMIN, "a/b")).isInstanceOf(IllegalArgumentException.class);
    }
}
