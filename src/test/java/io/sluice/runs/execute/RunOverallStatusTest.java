package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.RunStatus;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run's status from its steps' outcomes (moved from RunStatusTest with RunWorker). */
class RunOverallStatusTest {

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
