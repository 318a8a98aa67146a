package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import java.util.Map;
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

    @Test
    void aRunFailsIfAnyStepFailedAndIsCanceledIfAnyWasCanceled() {
        AssetKey a = AssetKey.parse("a/a");
        AssetKey b = AssetKey.parse("a/b");
        assertThat(RunWorker.overall(Map.of(a, RunStatus.SUCCESS, b, RunStatus.SUCCESS)))
                .isEqualTo(RunStatus.SUCCESS);
        assertThat(RunWorker.overall(Map.of(a, RunStatus.FAILURE, b, RunStatus.SKIPPED)))
                .isEqualTo(RunStatus.FAILURE);
        assertThat(RunWorker.overall(Map.of(a, RunStatus.SUCCESS, b, RunStatus.CANCELED)))
                .isEqualTo(RunStatus.CANCELED);
    }
}
