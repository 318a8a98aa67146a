package io.sluice.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.Launch;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.automation.sensor.SensorService;
import io.sluice.automation.sensor.SensorTestProfile;
import io.sluice.automation.sensor.SensorTicker;
import io.sluice.automation.sensor.TestSensors;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunQuery;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/** The example's inbox sensor in the application: a file dropped into data/inbox gives one run of its filing day. */
@QuarkusTest
@TestProfile(SensorTestProfile.class)
class InboxSensorTest {

    private static final AssetKey EXTRACT = AssetKey.parse("extract/form_adv_filings");

    @Inject
    InboxSensor sensor;

    @Inject
    SensorTicker ticker;

    @Inject
    SensorService sensors;

    @Inject
    RunHistory runs;

    @Test
    void aDroppedFilingFileGivesOneLaunchAndTheNextTickNone() throws IOException {
        TestSensors.ensure(sensors, InboxSensor.NAME, AutomationStatus.RUNNING);
        String day = LocalDate.of(2015, 1, 1)
                .plusDays(ThreadLocalRandom.current().nextInt(0, 3000))
                .toString();
        Files.createDirectories(sensor.inbox());
        Files.writeString(sensor.inbox().resolve(day + "-filings.csv"), "crd,filed\n");

        TickRecord first = ticker.tickNow(InboxSensor.NAME).orElseThrow();
        TickRecord second = ticker.tickNow(InboxSensor.NAME).orElseThrow();

        assertThat(first.outcome()).isInstanceOf(TickOutcome.Launched.class);
        assertThat(second.outcome()).isInstanceOf(TickOutcome.Skipped.class);
        List<Run> launched = runs.list(new RunQuery(Optional.empty(), Optional.of(EXTRACT), 500)).stream()
                .filter(r -> r.partitions().contains(day))
                .toList();
        assertThat(launched).hasSize(1);
        Run run = launched.get(0);
        assertThat(run.assets()).isEqualTo(InboxSensor.ASSETS);
        assertThat(run.tags()).containsEntry(Launch.SENSOR_TAG, InboxSensor.NAME);
        assertThat(run.launchedBy()).isEqualTo("sensor:" + InboxSensor.NAME);
        assertThat(((TickOutcome.Launched) first.outcome()).runIds()).containsExactly(run.id());
    }

    @Test
    void aFileWithABidiCharacterInItsNameIsSkippedAndTheFilesAfterItLaunch() throws IOException {
        TestSensors.ensure(sensors, InboxSensor.NAME, AutomationStatus.RUNNING);
        Files.createDirectories(sensor.inbox());
        ticker.tickNow(InboxSensor.NAME); // what other tests dropped is seen
        LocalDate first =
                LocalDate.of(2015, 1, 1).plusDays(ThreadLocalRandom.current().nextInt(0, 3000));
        String bad = first + "-\u202ereversed.csv";
        Files.writeString(sensor.inbox().resolve(bad), "crd,filed\n");
        Files.writeString(sensor.inbox().resolve(first.plusDays(1) + ".csv"), "crd,filed\n");

        TickRecord tick = ticker.tickNow(InboxSensor.NAME).orElseThrow();

        assertThat(tick.outcome()).as(tick.toString()).isInstanceOf(TickOutcome.Launched.class);
        assertThat(tick.outcome().detail())
                .contains("'" + first + "-\\u202ereversed.csv'")
                .doesNotContain("\u202e");
        assertThat(launchedDays()).contains(first.plusDays(1).toString()).doesNotContain(first.toString());

        Files.writeString(sensor.inbox().resolve(first.plusDays(2) + ".csv"), "crd,filed\n");
        TickRecord next = ticker.tickNow(InboxSensor.NAME).orElseThrow();
        assertThat(next.outcome()).as(next.toString()).isInstanceOf(TickOutcome.Launched.class);
        assertThat(launchedDays()).contains(first.plusDays(2).toString());
        assertThat(sensors.get(InboxSensor.NAME).state().cursor().orElseThrow()).doesNotContain("\u202e");
    }

    private List<String> launchedDays() {
        return runs.list(new RunQuery(Optional.empty(), Optional.of(EXTRACT), 500)).stream()
                .flatMap(r -> r.partitions().stream())
                .toList();
    }
}
