package io.sluice.lists;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.automation.Launch;
import io.sluice.backfill.BackfillTags;
import io.sluice.runs.Reexecution;
import org.junit.jupiter.api.Test;

/** The origins the runs filter takes are the tags their launchers put on runs. */
class RunOriginTest {

    @Test
    void eachOriginIsTheTagItsLauncherWrites() {
        assertThat(RunOrigin.SCHEDULE.tag()).isEqualTo(Launch.SCHEDULE_TAG);
        assertThat(RunOrigin.SENSOR.tag()).isEqualTo(Launch.SENSOR_TAG);
        assertThat(RunOrigin.TRIGGER.tag()).isEqualTo(Launch.TRIGGER_TAG);
        assertThat(RunOrigin.BACKFILL.tag()).isEqualTo(BackfillTags.BACKFILL);
        assertThat(RunOrigin.REEXECUTION.tag()).isEqualTo(Reexecution.OF);
        assertThat(RunOrigin.parameters()).containsExactly("schedule", "sensor", "trigger", "backfill", "reexecution");
    }
}
