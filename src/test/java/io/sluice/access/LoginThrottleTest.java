package io.sluice.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private final LoginThrottle throttle =
            new LoginThrottle(5, Duration.ofMinutes(15), Duration.ofSeconds(30), Duration.ofMinutes(15));
    private final Instant t0 = Instant.parse("2026-03-01T10:00:00Z");

    private LoginFailures failures(int n, Instant last) {
        return new LoginFailures("user:ann", n, t0, last);
    }

    @Test
    void theFirstFailuresAreFreeThenEachWaitDoublesUpToTheLongest() {
        assertThat(throttle.waitFor(List.of(failures(4, t0)), t0)).isEmpty();
        assertThat(throttle.waitFor(List.of(failures(5, t0)), t0)).contains(Duration.ofSeconds(30));
        assertThat(throttle.waitFor(List.of(failures(6, t0)), t0)).contains(Duration.ofSeconds(60));
        assertThat(throttle.waitFor(List.of(failures(7, t0)), t0.plusSeconds(100)))
                .contains(Duration.ofSeconds(20));
        assertThat(throttle.waitFor(List.of(failures(40, t0)), t0)).contains(Duration.ofMinutes(15));
        assertThat(throttle.waitFor(List.of(failures(5, t0)), t0.plusSeconds(30)))
                .isEmpty();
    }

    @Test
    void theLongestWaitOfUserAndAddressCounts() {
        LoginFailures user = failures(5, t0);
        LoginFailures address = new LoginFailures("address:10.0.0.1", 6, t0, t0);
        assertThat(throttle.waitFor(List.of(user, address), t0)).contains(Duration.ofSeconds(60));
    }

    @Test
    void failuresCountWithinTheWindowAndStartOverAfterIt() {
        LoginFailures first = throttle.afterFailure("user:ann", Optional.empty(), t0);
        assertThat(first).isEqualTo(new LoginFailures("user:ann", 1, t0, t0));
        LoginFailures second = throttle.afterFailure("user:ann", Optional.of(first), t0.plusSeconds(60));
        assertThat(second).isEqualTo(new LoginFailures("user:ann", 2, t0, t0.plusSeconds(60)));
        Instant later = t0.plus(Duration.ofMinutes(15));
        assertThat(throttle.afterFailure("user:ann", Optional.of(second), later))
                .isEqualTo(new LoginFailures("user:ann", 1, later, later));
    }

    @Test
    void subjectsIgnoreTheCaseOfUserNames() {
        assertThat(LoginThrottle.userSubject(" Admin ")).isEqualTo(LoginThrottle.userSubject("admin"));
    }
}
