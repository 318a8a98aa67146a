package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SIGKILL right after a schedule's tick does not stop the schedule. The packaged Sluice on H2 runs the every-minute
 * schedule {@code bench_noop} ({@code SLUICE_BENCH_ENABLED=true}); the test hook {@code sluice.fault.stall-after=schedule-tick}
 * stops the schedule's job right after a tick committed, before the job set the next wake-up, and the test kills the
 * process with SIGKILL then: the window a SIGKILL 10-25 ms after a tick hit, which left a running schedule with a spent
 * Quartz trigger and no wake-up.
 * Then:
 * <ul>
 *   <li>the job store, read directly, still holds a live wake-up for the schedule (a trigger with a next fire time);</li>
 *   <li>started again as a quick restart finds it (the dead process's last Quartz check-in is recent, so Quartz recovers
 *   its fired trigger only some time after start-up has looked: the check-in time is set so, since a restart on a loaded
 *   test machine is never that quick), the schedule ticks again, each minute once.</li>
 * </ul>
 * About 5 minutes.
 */
class ScheduleCrashIT {

    private static final String SCHEDULE = "bench_noop";
    private static final String TICKS = "/api/schedules/" + SCHEDULE + "/ticks?limit=500";

    @TempDir
    Path data;

    private SluiceServer server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aScheduleHaltedRightAfterATickKeepsItsWakeUpAndTicksAgainAfterARestart() throws Exception {
        server = new SluiceServer("h2", data);
        server.start("killed.log", Map.of("SLUICE_FAULT_STALL_AFTER", "schedule-tick"));
        server.post("/api/schedules/" + SCHEDULE + "/start", "{\"reason\":\"crash test\"}", 200);
        String stalled = "sluice.fault.stall-after=schedule-tick: stalled after the tick of schedule " + SCHEDULE;
        Instant deadline = Instant.now().plus(Duration.ofSeconds(150));
        while (!Files.readString(server.log("killed.log")).contains(stalled)) {
            assertThat(Instant.now())
                    .as("stalled at its first tick, within two minutes")
                    .isBefore(deadline);
            Thread.sleep(20);
        }
        server.kill(); // SIGKILL, between the tick's commit and the next wake-up

        Instant cursor;
        try (Connection c = DriverManager.getConnection(
                "jdbc:h2:file:" + data.resolve("metadata") + ";AUTO_SERVER=FALSE", "sa", "")) {
            cursor = Instant.parse(single(
                    c, "SELECT cursor_value FROM automation_cursor WHERE kind = 'SCHEDULE' AND name = ?", SCHEDULE));
            List<String> wakeUps = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT trigger_name, trigger_state, next_fire_time"
                    + " FROM qrtz_triggers WHERE job_name = ? AND job_group = 'sluice-schedules'")) {
                s.setString(1, SCHEDULE);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        wakeUps.add(r.getString(1) + " " + r.getString(2) + " " + r.getLong(3));
                        if (r.getLong(3) > 0 && !"COMPLETE".equals(r.getString(2))) {
                            wakeUps.add("live");
                        }
                    }
                }
            }
            assertThat(wakeUps)
                    .as("the job store still holds a live wake-up for the schedule after the crash")
                    .contains("live");
            // a quick restart: the dead process checked in a moment ago, as the next start sees it
            try (PreparedStatement s = c.prepareStatement("UPDATE qrtz_scheduler_state SET last_checkin_time = ?")) {
                s.setLong(1, System.currentTimeMillis() + 120_000);
                assertThat(s.executeUpdate()).isPositive();
            }
        }

        server.start("restarted.log");
        JsonNode ticks = server.await(
                TICKS,
                t -> StreamSupport.stream(t.spliterator(), false)
                        .anyMatch(
                                tick -> Instant.parse(tick.at("/tick").asText()).isAfter(cursor)
                                        && tick.at("/outcome").asText().equals("LAUNCHED")),
                Duration.ofMinutes(6));
        List<String> scheduled = StreamSupport.stream(ticks.spliterator(), false)
                .map(t -> t.at("/tick").asText())
                .toList();
        assertThat(scheduled).as("each scheduled minute once").doesNotHaveDuplicates();
        assertThat(server.get("/api/schedules/" + SCHEDULE).at("/status").asText())
                .isEqualTo("RUNNING");
    }

    private static String single(Connection c, String sql, String parameter) throws Exception {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, parameter);
            try (ResultSet r = s.executeQuery()) {
                assertThat(r.next()).as(sql).isTrue();
                return r.getString(1);
            }
        }
    }
}
