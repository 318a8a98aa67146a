package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunStatusTest {

    @Test
    void terminalStatusesNeverTransition() {
        for (RunStatus from : RunStatus.FINISHED) {
            for (RunStatus to : RunStatus.values()) {
                assertThat(from.canTransitionTo(to)).as(from + " -> " + to).isFalse();
            }
        }
        assertThat(RunStatus.QUEUED.canTransitionTo(RunStatus.STARTED)).isTrue();
        assertThat(RunStatus.STARTED.canTransitionTo(RunStatus.QUEUED)).isFalse();
        assertThat(RunStatus.QUEUED.isTerminal()).isFalse();
    }
}
