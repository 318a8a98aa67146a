package io.sluice.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Sluice on its real product path: the packaged server as a child process on a fresh metadata store,
 * {@code POST /api/backfills} over the partitions of {@code bench/noop_daily}, then
 * {@code GET /api/backfills/{id}} until nothing is queued or running. Timed from the POST. Before it, untimed, a
 * warm-up backfill of other days on the same server (its JIT compiles the hot paths, as on a server that has been up).
 */
final class SluiceBackfill implements Contender {

    static final String ASSET = "bench/noop_daily";

    private final Path project;
    private final boolean jfr;
    /** Seconds the POST took, per engine, for the report. */
    final Map<String, Double> launchSeconds = new HashMap<>();

    SluiceBackfill(Path project, boolean jfr) {
        this.project = project;
        this.jfr = jfr;
    }

    @Override
    public String name() {
        return "Sluice";
    }

    @Override
    public Result run(BenchDb db, List<String> partitions, Settings settings) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("SLUICE_RUNS_WORKERS", String.valueOf(settings.workers()));
        String tag = db.engine().toLowerCase(Locale.ROOT);
        Path dataDir = Files.createTempDirectory("sluice-bench-" + tag);
        env.put("SLUICE_DATA_DIR", dataDir.toString());
        if (db.isPostgres()) {
            env.put("QUARKUS_PROFILE", "prod,pg");
            env.put("QUARKUS_DATASOURCE__PG__JDBC_URL", db.jdbcUrl());
            env.put("QUARKUS_DATASOURCE__PG__USERNAME", db.user());
            env.put("QUARKUS_DATASOURCE__PG__PASSWORD", db.password());
        }
        List<String> jvm = new ArrayList<>();
        if (jfr) {
            jvm.add("-XX:StartFlightRecording=filename=" + settings.out().resolve("sluice-" + tag + ".jfr")
                    + ",settings=profile,dumponexit=true");
        }
        try (SluiceServer sluice = SluiceServer.start(
                SluiceServer.quarkusRun(project), settings.out().resolve("sluice-" + tag + ".log"), env, jvm)) {
            if (!settings.warmUp().isEmpty()) {
                Timed warm = backfill(sluice, settings.warmUp(), settings, db.engine() + " warm-up");
                System.err.printf(
                        "  Sluice %s: warm-up backfill of %,d other days: %.0f/s (%s)%n",
                        db.engine(), warm.done(), warm.done() / warm.seconds(), warm.status());
            }
            // A dry run of the timed backfill first: checks the asset is there and times planning through the API.
            long dry = System.nanoTime();
            JsonNode plan = sluice.post(
                    "/api/backfills/preview", Map.of("assets", List.of(ASSET), "ranges", List.of(range(partitions))));
            System.err.printf(
                    "  Sluice %s: API dry run of %d partitions planned %d runs in %.3f s%n",
                    db.engine(),
                    plan.get("partitionCount").asLong(),
                    plan.get("runCount").asLong(),
                    (System.nanoTime() - dry) / 1e9);
            Duration cpuBefore = sluice.cpu();
            Timed t = backfill(sluice, partitions, settings, db.engine());
            double cpu = sluice.cpu().minus(cpuBefore).toMillis() / 1000.0;
            launchSeconds.put(db.engine(), t.launchSeconds());
            String note = String.format("launch %.2f s; server CPU %.1f s; %s", t.launchSeconds(), cpu, t.status());
            if (t.failed() > 0) {
                note += "; " + t.failed() + " FAILED";
            }
            return new Result(
                    db.engine(),
                    name() + " (" + settings.workers() + " workers)",
                    partitions.size(),
                    t.done(),
                    t.seconds(),
                    Double.NaN,
                    Double.NaN,
                    note);
        }
    }

    /** One backfill through the API: wall seconds from the POST until nothing is queued or running. */
    private record Timed(long done, long failed, double seconds, double launchSeconds, String status) {}

    private static Map<String, Object> range(List<String> partitions) {
        return Map.of("start", partitions.get(0), "end", partitions.get(partitions.size() - 1));
    }

    private static Timed backfill(SluiceServer sluice, List<String> partitions, Settings settings, String what)
            throws Exception {
        long start = System.nanoTime();
        JsonNode launched = sluice.post(
                "/api/backfills",
                Map.of("assets", List.of(ASSET), "ranges", List.of(range(partitions)), "reason", "benchmark"));
        double launch = (System.nanoTime() - start) / 1e9;
        String id = launched.get("backfill").get("id").asText();
        JsonNode[] last = {launched.get("backfill")};
        boolean finished = Wait.until(
                () -> {
                    try {
                        Thread.sleep(230);
                        last[0] = sluice.get("/api/backfills/" + id);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    JsonNode p = last[0].get("progress");
                    return p.get("queued").asLong() + p.get("running").asLong() == 0;
                },
                settings.maxSeconds(),
                "Sluice " + what,
                () -> last[0].get("progress").get("succeeded").asLong());
        double seconds = (System.nanoTime() - start) / 1e9;
        JsonNode progress = last[0].get("progress");
        // The backfill's own status is set by the completion check of its last run: give it a moment, and report it.
        for (int i = 0; i < 50 && finished && last[0].get("status").asText().equals("RUNNING"); i++) {
            Thread.sleep(100);
            last[0] = sluice.get("/api/backfills/" + id);
        }
        return new Timed(
                progress.get("succeeded").asLong(),
                progress.get("failed").asLong(),
                seconds,
                launch,
                finished ? last[0].get("status").asText() : "cut short after " + settings.maxSeconds() + " s");
    }

    @Override
    public boolean warmsUpItself() {
        return true;
    }
}
