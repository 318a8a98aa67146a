package io.sluice.access;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ListenRuleTest {

    @Test
    void withAuthenticationOffOnlyLoopbackAddressesMayBeListenedOn() {
        for (String loopback : new String[] {"127.0.0.1", "::1", "[::1]", "localhost", "LOCALHOST", "127.0.1.1"}) {
            assertThat(ListenRule.refusal(false, loopback)).as(loopback).isEmpty();
        }
        for (String open : new String[] {"0.0.0.0", "::", "192.168.1.5", "sluice.example.com", ""}) {
            assertThat(ListenRule.refusal(false, open))
                    .as(open)
                    .hasValueSatisfying(line -> assertThat(line)
                            .contains("sluice.auth.enabled")
                            .contains("SLUICE_AUTH_ENABLED=true")
                            .contains("127.0.0.1")
                            .doesNotContain("\n"));
        }
    }

    @Test
    void withAuthenticationOnAnyAddressMayBeListenedOn() {
        assertThat(ListenRule.refusal(true, "0.0.0.0")).isEmpty();
        assertThat(ListenRule.refusal(true, "127.0.0.1")).isEmpty();
    }
}
