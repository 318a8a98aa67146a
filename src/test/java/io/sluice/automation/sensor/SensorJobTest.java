package io.sluice.automation.sensor;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.SensorResult;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.listeners.JobListenerSupport;

/** Quartz runs a sensor's job (a bean lookup from the job store's job class): it ticks the sensor named in its data. */
@QuarkusTest
@TestProfile(SensorTestProfile.class)
class SensorJobTest {

    private static final String NAME = TestSensors.Alpha.NAME;

    @Inject
    Scheduler scheduler;

    @Inject
    SensorService sensors;

    @Inject
    TestSensors.Alpha sensor;

    @Inject
    AutomationStore store;

    @Test
    void firingTheTriggerTicksTheSensor() throws Exception {
        TestSensors.ensure(sensors, NAME, AutomationStatus.RUNNING);
        String marker = "fired-" + UUID.randomUUID();
        sensor.script((context, cursor) -> SensorResult.skip(marker));
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<JobExecutionException> failure = new AtomicReference<>();
        String listener = "test-" + marker;
        scheduler.getListenerManager().addJobListener(new JobListenerSupport() {
            @Override
            public String getName() {
                return listener;
            }

            @Override
            public void jobWasExecuted(JobExecutionContext context, JobExecutionException e) {
                if (context.getJobDetail().getKey().getName().equals(NAME)) {
                    failure.set(e);
                    done.countDown();
                }
            }
        });
        try {
            scheduler.triggerJob(JobKey.jobKey(NAME, SensorTriggers.GROUP));
            // waits for the event, not for a time: the bound only keeps a broken scheduler from hanging the build
            assertThat(done.await(60, TimeUnit.SECONDS)).as("the job ran").isTrue();
        } finally {
            scheduler.getListenerManager().removeJobListener(listener);
        }

        assertThat(failure.get()).isNull();
        List<StoredTick> ticks = store.ticks(TickRecord.Source.SENSOR, NAME, 1, Optional.empty());
        assertThat(ticks.get(0).tick().outcome()).isEqualTo(new TickOutcome.Skipped(marker));
    }
}
