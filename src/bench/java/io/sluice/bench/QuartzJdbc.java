package io.sluice.bench;

import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.ConnectionProvider;

/**
 * Quartz 2.5.2 with its clustered JDBC job store (JobStoreTX, isClustered=true, otherwise default
 * settings: batchTriggerAcquisitionMaxCount=1), one durable-less job and one fire-now trigger per
 * partition, all scheduled in one call once the scheduler runs; timed until every job has run.
 */
final class QuartzJdbc implements Contender {

    static volatile DataSource dataSource;
    static final AtomicLong ran = new AtomicLong();

    @Override
    public String name() {
        return "Quartz JDBC (clustered)";
    }

    @Override
    public Result run(BenchDb db, List<String> partitions, Settings settings) throws Exception {
        try (HikariDataSource ds = db.pool("quartz")) {
            PeerInserts.createTables(ds);
            createQuartzTables(ds, db.isPostgres());
            dataSource = ds;
            ran.set(0);
            Properties p = new Properties();
            p.put("org.quartz.scheduler.instanceName", "sluice-bench");
            p.put("org.quartz.scheduler.instanceId", "AUTO");
            p.put("org.quartz.scheduler.skipUpdateCheck", "true");
            p.put("org.quartz.threadPool.threadCount", String.valueOf(settings.workers()));
            p.put("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
            p.put(
                    "org.quartz.jobStore.driverDelegateClass",
                    db.isPostgres()
                            ? "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate"
                            : "org.quartz.impl.jdbcjobstore.StdJDBCDelegate");
            p.put("org.quartz.jobStore.isClustered", "true");
            p.put("org.quartz.jobStore.dataSource", "bench");
            p.put("org.quartz.dataSource.bench.connectionProvider.class", Connections.class.getName());
            Scheduler scheduler = new StdSchedulerFactory(p).getScheduler();
            scheduler.start();
            long start = System.nanoTime();
            Map<JobDetail, Set<? extends Trigger>> jobs = new HashMap<>();
            for (int i = 0; i < partitions.size(); i++) {
                JobDetail job = JobBuilder.newJob(PartitionJob.class)
                        .withIdentity("p" + i, "backfill")
                        .usingJobData("partition", partitions.get(i))
                        .build();
                jobs.put(
                        job,
                        Set.of(TriggerBuilder.newTrigger()
                                .withIdentity("t" + i, "backfill")
                                .startNow()
                                .build()));
            }
            scheduler.scheduleJobs(jobs, false);
            boolean finished = Wait.until(
                    () -> ran.get() >= partitions.size(), settings.maxSeconds(), "Quartz " + db.engine(), ran::get);
            double seconds = (System.nanoTime() - start) / 1e9;
            scheduler.shutdown(true);
            long done = PeerInserts.count(ds, "bench_run");
            return new Result(
                    db.engine(),
                    name(),
                    partitions.size(),
                    done,
                    seconds,
                    Double.NaN,
                    Double.NaN,
                    finished ? "" : "cut short after " + settings.maxSeconds() + " s");
        }
    }

    /** The tables from the Quartz jar's own scripts (H2: IMAGE becomes BLOB), without their DROPs. */
    private static void createQuartzTables(DataSource ds, boolean postgres) throws IOException, SQLException {
        String script;
        try (InputStream in = Scheduler.class.getResourceAsStream(
                "/org/quartz/impl/jdbcjobstore/" + (postgres ? "tables_postgres.sql" : "tables_h2.sql"))) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        StringBuilder sql = new StringBuilder();
        for (String line : script.split("\n")) {
            String t = line.trim();
            if (!t.startsWith("--") && !t.startsWith("#")) {
                sql.append(line).append('\n');
            }
        }
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            for (String statement : sql.toString().split(";")) {
                String t = statement.trim();
                String upper = t.toUpperCase(Locale.ROOT);
                if (t.isEmpty() || upper.startsWith("DROP") || upper.equals("COMMIT")) {
                    continue;
                }
                s.execute(postgres ? t : t.replaceAll("(?i)\\bIMAGE\\b", "BLOB"));
            }
        }
    }

    /** The job of one partition: the same inserts as the floor. */
    public static class PartitionJob implements Job {
        @Override
        public void execute(JobExecutionContext context) {
            PeerInserts.record(
                    dataSource, "quartz", context.getMergedJobDataMap().getString("partition"));
            ran.incrementAndGet();
        }
    }

    /** Hands Quartz the benchmark's pool. */
    public static class Connections implements ConnectionProvider {
        @Override
        public Connection getConnection() throws SQLException {
            return dataSource.getConnection();
        }

        @Override
        public void shutdown() {}

        @Override
        public void initialize() {}
    }
}
