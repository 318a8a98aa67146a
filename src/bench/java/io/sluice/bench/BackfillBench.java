package io.sluice.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The backfill benchmark: 10,000 daily partitions, each recorded as a run with a materialization event,
 * by Sluice (the packaged server, through its REST API) and, doing the same metadata inserts, by a plain
 * thread pool (the floor), Quartz's clustered JDBC job store and db-scheduler; on H2 and on an embedded
 * PostgreSQL. Prints partitions per second and the ratios; asserts nothing.
 *
 * <p>System properties: {@code bench.partitions} (10000), {@code bench.workers} (4, threads of every
 * contender and Sluice's {@code SLUICE_RUNS_WORKERS}), {@code bench.maxSeconds} (600, per contender),
 * {@code bench.engines} (h2,pg), {@code bench.contenders} (floor,sluice,dbscheduler,quartz),
 * {@code bench.jfr} (false: record a JFR profile of each Sluice server into target/bench), {@code bench.pgDurable} (true: fsync and synchronous_commit on),
 * {@code bench.warmUp} (2000: partitions of other days each contender runs untimed first, in its own JVM, so that the
 * timed run measures compiled code as on a server that has been up; 0 for a cold start),
 * {@code bench.h2Durable} (true: the peers' H2 writes each commit at once, {@code WRITE_DELAY=0}, as Sluice's does).
 */
public final class BackfillBench {

    public static void main(String[] args) throws Exception {
        Logger.getLogger("").setLevel(Level.WARNING);
        Path project = Path.of(System.getProperty("bench.project", ".")).toAbsolutePath();
        int n = Integer.getInteger("bench.partitions", 10_000);
        int workers = Integer.getInteger("bench.workers", 4);
        int warmUpCount = Integer.getInteger("bench.warmUp", 2_000);
        long maxSeconds = Long.getLong("bench.maxSeconds", 600);
        List<String> engines =
                List.of(System.getProperty("bench.engines", "h2,pg").split(","));
        List<String> wanted = List.of(System.getProperty("bench.contenders", "floor,sluice,dbscheduler,quartz")
                .split(","));
        boolean jfr = Boolean.getBoolean("bench.jfr");
        boolean h2Durable = Boolean.parseBoolean(System.getProperty("bench.h2Durable", "true"));
        Path out = Files.createDirectories(project.resolve("target/bench"));
        SluiceServer.quarkusRun(project);

        System.out.println("# Sluice backfill benchmark");
        System.out.println("load at start: " + uptime());
        System.out.printf(
                "machine: %d cores, JVM %s; %d partitions per contender after an untimed warm-up of %d other days, %d worker threads each; PostgreSQL fsync and synchronous_commit %s; "
                        + "peers' H2 WRITE_DELAY %s%n%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                n,
                warmUpCount,
                workers,
                Boolean.parseBoolean(System.getProperty("bench.pgDurable", "true")) ? "on" : "off",
                h2Durable ? "0 (as Sluice's)" : "500 ms (H2's default)");

        PlanningBench.Figures planning = PlanningBench.run(100_000, 10);
        System.out.printf(
                "dry-run planning (in-process BackfillPlanner, range -> subset -> plan): %,d partitions x %d assets -> %,d runs "
                        + "in %.3f s (best of 7), %.3f s (median)%n%n",
                planning.partitions(),
                planning.assets(),
                planning.runs(),
                planning.bestSeconds(),
                planning.medianSeconds());

        List<String> partitions = new ArrayList<>(n);
        LocalDate first = LocalDate.of(1990, 1, 1);
        for (int i = 0; i < n; i++) {
            partitions.add(first.plusDays(i).toString());
        }
        List<String> warmUp = new ArrayList<>(warmUpCount);
        for (int i = 0; i < warmUpCount; i++) {
            warmUp.add(first.plusDays(n + i).toString());
        }
        SluiceBackfill sluice = new SluiceBackfill(project, jfr);
        Map<String, Contender> all = Map.of(
                "floor", new Floor(), "sluice", sluice, "dbscheduler", new DbScheduler(), "quartz", new QuartzJdbc());
        Contender.Settings settings = new Contender.Settings(workers, maxSeconds, out, warmUp);
        List<Result> results = new ArrayList<>();
        Map<String, long[]> sluiceTables = new TreeMap<>();
        EmbeddedPostgres pg = null;
        try {
            for (String engine : engines) {
                Path h2Dir = Files.createTempDirectory("sluice-bench-h2");
                if (engine.equals("pg") && pg == null) {
                    // zonky starts PostgreSQL with -F (fsync off) and synchronous_commit off; by default the benchmark
                    // uses
                    // PostgreSQL's own defaults (both on), so a commit waits for the WAL to reach the disk, as in
                    // production.
                    String durable = Boolean.parseBoolean(System.getProperty("bench.pgDurable", "true")) ? "on" : "off";
                    pg = EmbeddedPostgres.builder()
                            .setServerConfig("fsync", durable)
                            .setServerConfig("synchronous_commit", durable)
                            .start();
                }
                for (String name : wanted) {
                    Contender c = all.get(name);
                    BenchDb db = engine.equals("pg") ? createPgDatabase(pg, name) : BenchDb.h2(h2Dir, name, h2Durable);
                    System.err.printf("running %s on %s ...%n", c.name(), db.engine());
                    try {
                        if (!warmUp.isEmpty() && !c.warmsUpItself()) {
                            BenchDb throwaway = engine.equals("pg")
                                    ? createPgDatabase(pg, name + "_warmup")
                                    : BenchDb.h2(h2Dir, name + "-warmup", h2Durable);
                            Result w = c.run(throwaway, warmUp, settings);
                            System.err.printf(
                                    "  %s on %s: warm-up of %,d other days on a throwaway database: %.0f/s%n",
                                    c.name(), db.engine(), w.done(), w.rate());
                        }
                        Result r = c.run(db, partitions, settings);
                        if (db.isPostgres() && r.done() > 0) {
                            // Read after the contender closed its connections: PostgreSQL 14 flushes a backend's
                            // counters when it exits.
                            PgStats used = PgStats.read(db);
                            // Sluice warmed up on the same database: its counters cover the warm-up's runs too.
                            long recorded = r.done() + (c.warmsUpItself() ? warmUp.size() : 0);
                            r = new Result(
                                    r.engine(),
                                    r.contender(),
                                    r.partitions(),
                                    r.done(),
                                    r.seconds(),
                                    (double) used.transactions() / recorded,
                                    (double) used.rowsWritten() / recorded,
                                    r.note());
                            if (c == sluice) {
                                sluiceTables.putAll(used.byTable());
                            }
                        }
                        System.err.printf(
                                "  %s on %s: %,d partitions in %.1f s = %.0f/s %s%n",
                                r.contender(), r.engine(), r.done(), r.seconds(), r.rate(), r.note());
                        results.add(r);
                    } catch (Exception e) {
                        System.err.println("  FAILED: " + e);
                        e.printStackTrace();
                        results.add(new Result(
                                db.engine(),
                                c.name(),
                                n,
                                0,
                                Double.NaN,
                                Double.NaN,
                                Double.NaN,
                                "error: " + e.getMessage()));
                    }
                }
            }
        } finally {
            if (pg != null) {
                pg.close();
            }
        }
        print(results, engines);
        if (!sluiceTables.isEmpty()) {
            System.out.println();
            System.out.println(
                    "Sluice on PostgreSQL, rows per partition by table, insert / update / delete (pg_stat_user_tables, whole server life, warm-up included):");
            long done = results.stream()
                            .filter(r -> r.engine().equals("PostgreSQL")
                                    && r.contender().startsWith("Sluice"))
                            .mapToLong(Result::done)
                            .findFirst()
                            .orElse(n)
                    + warmUp.size();
            sluiceTables.forEach((t, v) -> {
                if (v[0] + v[1] + v[2] > 0) {
                    System.out.printf(
                            "  %-24s %6.2f / %6.2f / %6.2f%n",
                            t, (double) v[0] / done, (double) v[1] / done, (double) v[2] / done);
                }
            });
        }
        System.out.println();
        System.out.println(
                "tx/part: committed transactions per partition on PostgreSQL (pg_stat_database of the contender's fresh database, "
                        + "including its start-up and, for Sluice, its warm-up backfill on the same database, counted in, and the progress polling every 0.25 s).");
        System.out.println(
                "Targets (issue): Sluice >= 50% of the floor and >= 10x Quartz JDBC on both databases. Not asserted.");
    }

    private static void print(List<Result> results, List<String> engines) {
        System.out.println();
        System.out.printf(
                "%-10s | %-32s | %10s | %8s | %12s | %10s | %10s | %8s | %s%n",
                "database",
                "contender",
                "partitions",
                "seconds",
                "partitions/s",
                "vs floor",
                "vs Quartz",
                "tx/part",
                "note");
        System.out.println("-".repeat(130));
        for (Result r : results) {
            Optional<Result> floor = find(results, r.engine(), "floor");
            Optional<Result> quartz = find(results, r.engine(), "Quartz");
            String vsFloor = floor.map(f -> String.format("%.1f%%", 100 * r.rate() / f.rate()))
                    .orElse("-");
            String vsQuartz =
                    quartz.map(q -> String.format("%.1fx", r.rate() / q.rate())).orElse("-");
            String tx = r.engine().equals("PostgreSQL") && !Double.isNaN(r.txPerPartition())
                    ? String.format("%.2f", r.txPerPartition())
                    : "-";
            System.out.printf(
                    "%-10s | %-32s | %10s | %8.1f | %12.0f | %10s | %10s | %8s | %s%n",
                    r.engine(),
                    r.contender(),
                    r.complete() ? String.format("%,d", r.done()) : String.format("%,d/%,d", r.done(), r.partitions()),
                    r.seconds(),
                    r.rate(),
                    vsFloor,
                    vsQuartz,
                    tx,
                    r.note());
        }
    }

    private static Optional<Result> find(List<Result> results, String engine, String prefix) {
        return results.stream()
                .filter(r -> r.engine().equals(engine) && r.contender().startsWith(prefix) && r.done() > 0)
                .findFirst();
    }

    private static BenchDb createPgDatabase(EmbeddedPostgres pg, String name) throws Exception {
        String database = "bench_" + name.toLowerCase(Locale.ROOT);
        try (Connection c = pg.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database);
            s.execute("CREATE DATABASE " + database);
        }
        return BenchDb.postgres(pg.getPort(), database);
    }

    private static String uptime() {
        try {
            Process p = new ProcessBuilder("uptime").redirectErrorStream(true).start();
            String line = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor();
            return line;
        } catch (Exception e) {
            try {
                return "loadavg " + Files.readString(Path.of("/proc/loadavg")).trim();
            } catch (Exception e2) {
                return "unknown";
            }
        }
    }

    private BackfillBench() {}
}
