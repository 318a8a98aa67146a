package io.sluice.runs.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When the liveness check says the dispatcher is not doing its work. */
class DispatcherBeatTest {

    private static final Duration STALL = Duration.ofSeconds(60);

    @Test
    void aLiveDispatcherThatWentRoundRecentlyIsFine() {
        assertThat(new DispatcherBeat(true, true, Duration.ofMillis(400)).problem(STALL))
                .isEmpty();
        assertThat(new DispatcherBeat(true, true, STALL).problem(STALL)).isEmpty();
    }

    @Test
    void aDeadOrStuckDispatcherIsAProblem() {
        assertThat(new DispatcherBeat(true, false, Duration.ofMillis(1)).problem(STALL))
                .hasValue("the run dispatcher has stopped: queued runs will not start until Sluice is restarted");
        assertThat(new DispatcherBeat(true, true, Duration.ofSeconds(75)).problem(STALL))
                .hasValue(
                        "the run dispatcher has not gone round its loop for 75 s (more than 60 s): queued runs are not being started");
    }

    @Test
    void aProcessThatExecutesNoRunsNeedsNoDispatcher() {
        assertThat(new DispatcherBeat(false, false, Duration.ofHours(3)).problem(STALL))
                .isEmpty();
    }
}
