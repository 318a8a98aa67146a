package io.sluice.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sluice on its real product path: the packaged server as a child process on a fresh metadata store,
 * {@code POST /api/backfills} over the partitions of {@code bench/noop_daily}, then
 * {@code GET /api/backfills/{id}} until nothing is queued or running. Timed from the POST.
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
        String tag = db.engine().toLowerCase(java.util.Locale.ROOT);
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
            jvm.add("-XX:StartFlightRecording=filename=" + settings.out().resolve("sluice-" + tag + ".jfr") + ",settings=profile,dumponexit=true");
        }
        try (SluiceServer sluice = SluiceServer.start(SluiceServer.quarkusRun(project), settings.out().resolve("sluice-" + tag + ".log"), env, jvm)) {
            Map<String, Object> range = Map.of("start", partitions.get(0), "end", partitions.get(partitions.size() - 1));
            // A dry run of the same backfill first: checks the asset is there and times planning through the API.
            long dry = System.nanoTime();
            JsonNode plan = sluice.post("/api/backfills", Map.of("assets", List.of(ASSET), "ranges", List.of(range), "dryRun", true));
            System.err.printf("  Sluice %s: API dry run of %d partitions planned %d runs in %.3f s%n", db.engine(),
                    plan.get("partitionCount").asLong(), plan.get("runCount").asLong(), (System.nanoTime() - dry) / 1e9);
            long start = System.nanoTime();
            JsonNode launched = sluice.post("/api/backfills", Map.of("assets", List.of(ASSET), "ranges", List.of(range), "reason", "benchmark"));
            double launch = (System.nanoTime() - start) / 1e9;
            launchSeconds.put(db.engine(), launch);
            String id = launched.get("backfill").get("id").asText();
            JsonNode[] last = {launched.get("backfill")};
            boolean finished = Wait.until(() -> {
                try {
                    Thread.sleep(230);
                    last[0] = sluice.get("/api/backfills/" + id);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                JsonNode p = last[0].get("progress");
                return p.get("queued").asLong() + p.get("running").asLong() == 0;
            }, settings.maxSeconds(), "Sluice " + db.engine(), () -> last[0].get("progress").get("succeeded").asLong());
            double seconds = (System.nanoTime() - start) / 1e9;
            JsonNode progress = last[0].get("progress");
            // The backfill's own status is set by the completion check of its last run: give it a moment, and report it.
            for (int i = 0; i < 50 && finished && last[0].get("status").asText().equals("RUNNING"); i++) {
                Thread.sleep(100);
                last[0] = sluice.get("/api/backfills/" + id);
            }
            long done = progress.get("succeeded").asLong();
            String note = String.format("launch %.2f s; %s", launch, finished ? last[0].get("status").asText() : "cut short after " + settings.maxSeconds() + " s");
            if (progress.get("failed").asLong() > 0) {
                note += "; " + progress.get("failed").asLong() + " FAILED";
            }
            return new Result(db.engine(), name() + " (" + settings.workers() + " workers)", partitions.size(), done, seconds,
                    Double.NaN, Double.NaN, note);
        }
    }
}
