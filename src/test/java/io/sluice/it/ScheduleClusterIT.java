package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Sluice processes (the packaged jar) on one PostgreSQL, a Quartz cluster: a schedule's tick fires once across the
 * nodes. PostgreSQL is embedded (started here, in the test JVM; if it cannot start, the test fails); each node runs with
 * the production PostgreSQL settings ({@code QUARKUS_PROFILE=prod,pg}, {@code SLUICE_PG_URL/USER/PASSWORD}, see
 * docs/operations.md#postgresql), its own port and data directory (b executes no runs: one lake per cluster), triggers
 * off, and {@code SLUICE_BENCH_ENABLED=true}
 * for the every-minute schedule {@code bench_noop} on the no-op asset {@code bench/noop}. The schedule is started
 * through node A, ticks at least twice, is stopped through node B; both APIs then answer the same tick history, each
 * scheduled minute once, each tick with exactly one run, and no other run of the asset. About 2 to 3 minutes.
 */
class ScheduleClusterIT {

    private static final String SCHEDULE = "bench_noop";
    private static final String TICKS = "/api/schedules/" + SCHEDULE + "/ticks?limit=500";

    @TempDir
    Path data;

    private LocalCluster cluster;

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aScheduleTicksOnceAcrossTwoNodes() throws Exception {
        cluster = new LocalCluster(data);
        SluiceServer a = cluster.start("a", Map.of());
        // one lake per cluster: b, whose data directory holds another lake, executes no runs (Quartz fires on both)
        SluiceServer b = cluster.start("b", Map.of("SLUICE_RUNS_EXECUTE", "false"));
        for (SluiceServer node : List.of(a, b)) {
            assertThat(node.management("/q/health/ready").toString()).contains("postgresql");
        }
        assertThat(quartzInstances())
                .as("both nodes check in to the Quartz cluster")
                .isEqualTo(2);

        JsonNode started = a.post("/api/schedules/" + SCHEDULE + "/start", "{\"reason\":\"cluster test\"}", 200);
        assertThat(started.at("/status").asText()).isEqualTo("RUNNING");
        Instant startedAt = Instant.parse(started.at("/startedAt").asText());
        b.await("/api/schedules/" + SCHEDULE, s -> s.at("/status").asText().equals("RUNNING"), Duration.ofSeconds(5));

        // every minute: the second tick is at most 2 minutes after the start
        a.await(TICKS, t -> launched(t) >= 2, Duration.ofSeconds(150));
        JsonNode stopped = b.post("/api/schedules/" + SCHEDULE + "/stop", "{\"reason\":\"cluster test done\"}", 200);
        assertThat(stopped.at("/status").asText()).isEqualTo("STOPPED");
        a.await("/api/schedules/" + SCHEDULE, s -> s.at("/status").asText().equals("STOPPED"), Duration.ofSeconds(5));

        JsonNode ticks = a.get(TICKS);
        assertThat(b.get(TICKS)).as("both nodes answer the same tick history").isEqualTo(ticks);
        assertThat(ticks.size()).isGreaterThanOrEqualTo(2);
        List<Instant> scheduled = new ArrayList<>();
        Set<String> tickRuns = new HashSet<>();
        for (JsonNode tick : ticks) {
            assertThat(tick.at("/outcome").asText()).as(tick.toString()).isEqualTo("LAUNCHED");
            assertThat(tick.at("/runIds").size())
                    .as("one run per tick: " + tick)
                    .isEqualTo(1);
            assertThat(tick.at("/backfillIds").size()).isZero();
            assertThat(tickRuns.add(tick.at("/runIds/0").asText()))
                    .as("a run launched by one tick only")
                    .isTrue();
            scheduled.add(Instant.parse(tick.at("/tick").asText()));
        }
        assertThat(scheduled).as("each scheduled minute has exactly one tick").doesNotHaveDuplicates();
        List<Instant> oldestFirst = new ArrayList<>(scheduled);
        Collections.reverse(oldestFirst);
        assertThat(oldestFirst.get(0)).isAfter(startedAt);
        for (int i = 1; i < oldestFirst.size(); i++) {
            assertThat(oldestFirst.get(i))
                    .as("consecutive minutes, none missed")
                    .isEqualTo(oldestFirst.get(i - 1).plus(Duration.ofMinutes(1)));
        }

        for (String id : tickRuns) {
            assertThat(a.awaitRun(id, Duration.ofSeconds(60)).at("/status").asText())
                    .isEqualTo("SUCCESS");
        }
        for (SluiceServer node : List.of(a, b)) {
            JsonNode runs = node.get("/api/runs?asset=bench/noop&limit=500");
            Set<String> ids = new HashSet<>();
            for (JsonNode run : runs) {
                assertThat(run.at("/launchedBy").asText()).isEqualTo("schedule:" + SCHEDULE);
                ids.add(run.at("/id").asText());
            }
            assertThat(ids).as("the asset's runs are exactly the ticks' runs").isEqualTo(tickRuns);
        }
        List<String> actions = StreamSupport.stream(
                        b.get("/api/audit?asset=bench/noop").spliterator(), false)
                .filter(e -> SCHEDULE.equals(e.at("/detail/schedule").asText()))
                .filter(e -> e.at("/action").asText().startsWith("SCHEDULE_"))
                .map(e -> e.at("/action").asText())
                .toList();
        assertThat(actions).containsExactly("SCHEDULE_STOPPED", "SCHEDULE_STARTED");
    }

    private static long launched(JsonNode ticks) {
        return StreamSupport.stream(ticks.spliterator(), false)
                .filter(t -> t.at("/outcome").asText().equals("LAUNCHED"))
                .count();
    }

    private int quartzInstances() throws Exception {
        try (Connection c = cluster.postgres().getPostgresDatabase().getConnection();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT count(*) FROM qrtz_scheduler_state")) {
            r.next();
            return r.getInt(1);
        }
    }
}
