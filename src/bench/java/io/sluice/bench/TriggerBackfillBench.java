package io.sluice.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.testing.BenchFigures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The example's per-partition backfill of extract and raw with its eager transforms (issue 27, item 1): the packaged
 * Sluice on a fresh store, {@code POST /api/backfills} over {@code bench.days} (1,095) filing days, one run a day, then
 * {@code GET /api/backfills/{id}} until nothing is queued or running; then the trigger runs are counted until they
 * settle. Once with triggers on and once off (the backfill's rate without any trigger), for each jar of
 * {@code bench.jars} ({@code label=path,...}; default this checkout's), alternating, {@code bench.rounds} times. Prints
 * the load, and per run: partitions per second, server CPU, the trigger runs launched during and after the backfill and
 * how many of them resolved no key. Asserts nothing.
 *
 * <p>Run: {@code ./mvnw -B -q -Pbench -DskipTests package exec:exec -Dbench.main=io.sluice.bench.TriggerBackfillBench}
 * (see docs/benchmarks.md).
 */
public final class TriggerBackfillBench {

    private static final String IDENTITY = "transform/form_adv_firm_identity";

    private record Figures(
            String jar,
            boolean triggers,
            long partitions,
            double seconds,
            double cpu,
            int during,
            int after,
            int noKeys,
            String status) {}

    public static void main(String[] args) throws Exception {
        Path project = Path.of(System.getProperty("bench.project", ".")).toAbsolutePath();
        int days = Integer.getInteger("bench.days", 1095);
        int warmUp = Integer.getInteger("bench.warmUp", 60);
        int rounds = Integer.getInteger("bench.rounds", 1);
        long maxSeconds = Long.getLong("bench.maxSeconds", 1800);
        List<String> modes = List.of(System.getProperty("bench.modes", "on,off").split(","));
        Map<String, Path> jars = new LinkedHashMap<>();
        String spec = System.getProperty("bench.jars", "");
        if (spec.isBlank()) {
            jars.put("this checkout", SluiceServer.quarkusRun(project));
        } else {
            for (String entry : spec.split(",")) {
                String[] kv = entry.split("=", 2);
                jars.put(kv[0], Path.of(kv[1]).toAbsolutePath());
            }
        }
        Path out = Files.createDirectories(project.resolve("target/bench"));
        LocalDate first = LocalDate.of(2021, 1, 1);
        System.out.println("# Eager triggers during a per-partition backfill of the example's extract and raw");
        System.out.println("load at start: " + BenchFigures.uptime());
        System.out.printf(
                "%,d days from %s, one run a day, default firms (200) and workers; an untimed warm-up backfill of %d other days first%n%n",
                days, first, warmUp);
        List<Figures> all = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            for (String mode : modes) {
                for (Map.Entry<String, Path> jar : jars.entrySet()) {
                    Figures f =
                            run(jar.getKey(), jar.getValue(), mode.equals("on"), first, days, warmUp, maxSeconds, out);
                    all.add(f);
                    print(f);
                }
            }
        }
        System.out.println();
        System.out.println(
                "| jar | triggers | partitions | seconds | partitions/s | server CPU s | trigger runs during / after the backfill | of them with no key | backfill |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (Figures f : all) {
            System.out.printf(
                    "| %s | %s | %,d | %.1f | %.1f | %.1f | %d / %d | %d | %s |%n",
                    f.jar(),
                    f.triggers() ? "on" : "off",
                    f.partitions(),
                    f.seconds(),
                    f.partitions() / f.seconds(),
                    f.cpu(),
                    f.during(),
                    f.after(),
                    f.noKeys(),
                    f.status());
        }
        System.out.println("load at end: " + BenchFigures.uptime());
    }

    private static void print(Figures f) {
        System.out.printf(
                "%s, triggers %s: %,d partitions in %.1f s = %.1f partitions/s, server CPU %.1f s; trigger runs: %d during"
                        + " the backfill, %d after it (%d resolved no key); backfill %s; load %s%n",
                f.jar(),
                f.triggers() ? "on" : "off",
                f.partitions(),
                f.seconds(),
                f.partitions() / f.seconds(),
                f.cpu(),
                f.during(),
                f.after(),
                f.noKeys(),
                f.status(),
                BenchFigures.uptime());
    }

    private static Figures run(
            String label, Path jar, boolean triggers, LocalDate first, int days, int warmUp, long maxSeconds, Path out)
            throws Exception {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(
                "SLUICE_DATA_DIR",
                Files.createTempDirectory("sluice-trigger-bench").toString());
        env.put("SLUICE_AUTOMATION_TRIGGERS_ENABLED", Boolean.toString(triggers));
        String name = "trigger-bench-" + label.replaceAll("[^A-Za-z0-9]+", "_") + "-" + (triggers ? "on" : "off");
        System.err.printf("starting %s with triggers %s ...%n", label, triggers ? "on" : "off");
        try (SluiceServer sluice = SluiceServer.start(jar, out.resolve(name + ".log"), env, List.of())) {
            if (warmUp > 0) {
                LocalDate warm = first.minusDays(warmUp);
                backfill(sluice, warm, first.minusDays(1), maxSeconds, "warm-up");
                settle(sluice, Instant.EPOCH, maxSeconds);
            }
            Duration cpuBefore = sluice.cpu();
            Instant posted = Instant.now();
            long start = System.nanoTime();
            JsonNode done = backfill(sluice, first, first.plusDays(days - 1L), maxSeconds, label);
            double seconds = (System.nanoTime() - start) / 1e9;
            Instant ended = Instant.now();
            double cpu = sluice.cpu().minus(cpuBefore).toMillis() / 1000.0;
            List<JsonNode> runs = settle(sluice, posted, maxSeconds);
            int during = 0;
            int after = 0;
            int noKeys = 0;
            for (JsonNode r : runs) {
                if (Instant.parse(r.get("createdAt").asText()).isBefore(ended)) {
                    during++;
                } else {
                    after++;
                }
                if (r.get("keyCount").asLong() == 0) {
                    noKeys++;
                }
            }
            return new Figures(
                    label,
                    triggers,
                    done.at("/progress/succeeded").asLong(),
                    seconds,
                    cpu,
                    during,
                    after,
                    noKeys,
                    done.get("status").asText());
        }
    }

    /** Backfills extract and raw over {@code from..to}, one run a day; returns the backfill once nothing is active. */
    private static JsonNode backfill(SluiceServer sluice, LocalDate from, LocalDate to, long maxSeconds, String what)
            throws Exception {
        JsonNode launched = sluice.post(
                "/api/backfills",
                Map.of(
                        "assets",
                        List.of("extract/form_adv_filings", "raw/form_adv_filings"),
                        "ranges",
                        List.of(Map.of("start", from.toString(), "end", to.toString())),
                        "reason",
                        "trigger benchmark"));
        String id = launched.get("backfill").get("id").asText();
        JsonNode[] last = {launched.get("backfill")};
        Wait.until(
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
                maxSeconds,
                what,
                () -> last[0].get("progress").get("succeeded").asLong());
        for (int i = 0; i < 50 && last[0].get("status").asText().equals("RUNNING"); i++) {
            Thread.sleep(100);
            last[0] = sluice.get("/api/backfills/" + id);
        }
        return last[0];
    }

    /**
     * The trigger runs of the transforms created at or after {@code since}, once none is queued or running and their
     * number has not changed for 5 s (the evaluator launches after a run's end, at once).
     */
    private static List<JsonNode> settle(SluiceServer sluice, Instant since, long maxSeconds) throws Exception {
        long deadline = System.nanoTime() + maxSeconds * 1_000_000_000L;
        int stable = 0;
        int seen = -1;
        List<JsonNode> runs = List.of();
        while (System.nanoTime() < deadline && stable < 5) {
            Thread.sleep(1000);
            runs = triggered(sluice, since);
            boolean active = runs.stream()
                    .anyMatch(r -> List.of("QUEUED", "STARTED")
                            .contains(r.get("status").asText()));
            stable = !active && runs.size() == seen ? stable + 1 : 0;
            seen = runs.size();
        }
        return runs;
    }

    private static List<JsonNode> triggered(SluiceServer sluice, Instant since) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (int offset = 0; ; offset += 500) {
            JsonNode page = sluice.get("/api/runs?asset=" + IDENTITY + "&limit=500&offset=" + offset);
            page.forEach(r -> {
                if ("trigger".equals(r.get("launchedBy").asText())
                        && !Instant.parse(r.get("createdAt").asText()).isBefore(since)) {
                    out.add(r);
                }
            });
            if (page.size() < 500) {
                return out;
            }
        }
    }
}
