package io.sluice.periodic;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The periodic loop with an interval far longer than the test: only wake-ups start rounds after the first. */
@Timeout(30)
class PeriodicTest {

    private static final Duration LONG = Duration.ofHours(1);

    private final BlockingQueue<Integer> rounds = new LinkedBlockingQueue<>();

    private Integer next() throws InterruptedException {
        return rounds.poll(10, TimeUnit.SECONDS);
    }

    @Test
    void theFirstRoundRunsAtOnceAndAWakeUpStartsTheNext() throws Exception {
        Periodic loop = Periodic.start("test-periodic", () -> LONG, () -> rounds.add(1), e -> {});
        try {
            assertThat(next()).as("the first round, at once").isEqualTo(1);
            assertThat(rounds.poll(300, TimeUnit.MILLISECONDS))
                    .as("no round before the interval")
                    .isNull();
            loop.wake();
            assertThat(next()).as("woken").isEqualTo(1);
        } finally {
            loop.stop();
        }
    }

    @Test
    void aLoopStartedAfterItsIntervalWaitsForTheFirstRound() throws Exception {
        Periodic loop = Periodic.startAfterInterval("test-periodic", () -> LONG, () -> rounds.add(1), e -> {});
        try {
            assertThat(rounds.poll(300, TimeUnit.MILLISECONDS)).isNull();
            loop.wake();
            assertThat(next()).isEqualTo(1);
        } finally {
            loop.stop();
        }
    }

    @Test
    void aFailingRoundIsReportedAndTheLoopGoesOn() throws Exception {
        BlockingQueue<String> failures = new LinkedBlockingQueue<>();
        Periodic loop = Periodic.start(
                "test-periodic",
                () -> LONG,
                () -> {
                    rounds.add(1);
                    throw new IllegalStateException("round failed");
                },
                e -> failures.add(e.getMessage()));
        try {
            assertThat(next()).isEqualTo(1);
            assertThat(failures.poll(10, TimeUnit.SECONDS)).isEqualTo("round failed");
            loop.wake();
            assertThat(next()).as("the loop went on").isEqualTo(1);
            assertThat(failures.poll(10, TimeUnit.SECONDS)).isEqualTo("round failed");
            assertThat(loop.alive()).isTrue();
        } finally {
            loop.stop();
        }
    }

    @Test
    void stopEndsTheThreadInItsWait() throws Exception {
        Periodic loop = Periodic.start("test-periodic", () -> LONG, () -> rounds.add(1), e -> {});
        assertThat(next()).isEqualTo(1);
        loop.stop();
        assertThat(loop.alive()).isFalse();
        loop.wake();
        assertThat(rounds.poll(300, TimeUnit.MILLISECONDS))
                .as("no round after stop")
                .isNull();
    }
}
