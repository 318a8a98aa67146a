package io.sluice.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** With authentication on, who acts is the authenticated user: a header or a body naming anyone else is refused. */
class RequestCallerAuthenticatedTest {

    private final Caller ann = Caller.session("ann", List.of(Grant.everywhere(Role.OPERATOR)));

    @Test
    void aHeaderNamingSomeoneElseIsRefusedAsAReservedNameIs() {
        RequestCaller caller = new RequestCaller();
        caller.authenticated(ann, "header X-Sluice-User", "mallory");
        assertThatThrownBy(caller::get)
                .isInstanceOfSatisfying(CallerRefused.class, e -> {
                    assertThat(e.reserved()).as("answered 400").isTrue();
                    assertThat(e.field()).isEqualTo("header X-Sluice-User");
                })
                .hasMessageContaining("authenticated as ann");
    }

    @Test
    void theAuthenticatedUserActsWhetherOrNotTheHeaderNamesThem() {
        RequestCaller caller = new RequestCaller();
        caller.authenticated(ann, "header X-Sluice-User", " ann ");
        assertThat(caller.get()).isEqualTo(ann);
        caller.authenticated(ann, "header X-Sluice-User", null);
        assertThat(caller.get()).isEqualTo(ann);
        assertThat(caller.get().authenticated()).isTrue();
        assertThat(caller.get(null)).isEqualTo(ann);
        assertThat(caller.get("ann")).isEqualTo(ann);
        assertThatThrownBy(() -> caller.get("mallory"))
                .isInstanceOf(CallerRefused.class)
                .hasMessageContaining("launchedBy");
    }

    @Test
    void anAuthenticatedUserMayNotHaveAServiceName() {
        assertThatThrownBy(() -> Caller.token("schedule:x", List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThat(Caller.unauthenticated().grants()).isEmpty();
        assertThat(Caller.unauthenticated().may(Action.READ)).isFalse();
    }
}
