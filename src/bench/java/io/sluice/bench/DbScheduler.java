package io.sluice.bench;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * db-scheduler 16.7.1: one one-time task instance per partition, scheduled in one batch once the
 * scheduler runs. Lock-and-fetch polling (UPDATE ... FOR UPDATE SKIP LOCKED RETURNING) on PostgreSQL;
 * db-scheduler has no lock-and-fetch for H2, so on H2 it uses fetch-and-lock-on-execute (its default).
 */
final class DbScheduler implements Contender {

    @Override
    public String name() {
        return "db-scheduler";
    }

    @Override
    public Result run(BenchDb db, List<String> partitions, Settings settings) throws Exception {
        try (HikariDataSource ds = db.pool("db-scheduler")) {
            PeerInserts.createTables(ds);
            createTable(ds, db.isPostgres());
            AtomicLong ran = new AtomicLong();
            OneTimeTask<String> task = Tasks.oneTime("partition", String.class).execute((instance, ctx) -> {
                PeerInserts.record(ds, "db-scheduler", instance.getData());
                ran.incrementAndGet();
            });
            var builder =
                    Scheduler.create(ds, task).threads(settings.workers()).pollingInterval(Duration.ofMillis(500));
            builder = db.isPostgres()
                    ? builder.pollUsingLockAndFetch(0.5, 1.0)
                    : builder.pollUsingFetchAndLockOnExecute(0.5, 3.0);
            Scheduler scheduler = builder.build();
            scheduler.start();
            long start = System.nanoTime();
            List<TaskInstance<?>> instances = new ArrayList<>(partitions.size());
            for (int i = 0; i < partitions.size(); i++) {
                instances.add(task.instance("p" + i, partitions.get(i)));
            }
            scheduler.scheduleBatch(instances, Instant.now());
            boolean finished = Wait.until(
                    () -> ran.get() >= partitions.size(),
                    settings.maxSeconds(),
                    "db-scheduler " + db.engine(),
                    ran::get);
            double seconds = (System.nanoTime() - start) / 1e9;
            scheduler.stop();
            long done = PeerInserts.count(ds, "bench_run");
            return new Result(
                    db.engine(),
                    name() + (db.isPostgres() ? " (lock-and-fetch)" : " (fetch-and-lock)"),
                    partitions.size(),
                    done,
                    seconds,
                    Double.NaN,
                    Double.NaN,
                    finished ? "" : "cut short after " + settings.maxSeconds() + " s");
        }
    }

    /** db-scheduler's documented table (postgresql_tables.sql; the same shape for H2). */
    private static void createTable(HikariDataSource ds, boolean postgres) throws Exception {
        String text = postgres ? "TEXT" : "VARCHAR(1000)";
        String bytes = postgres ? "BYTEA" : "BLOB";
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            s.execute(
                    "CREATE TABLE scheduled_tasks (task_name " + text + " NOT NULL, task_instance " + text
                            + " NOT NULL, task_data " + bytes + ", "
                            + "execution_time TIMESTAMP WITH TIME ZONE NOT NULL, picked BOOLEAN NOT NULL, picked_by "
                            + text + ", "
                            + "last_success TIMESTAMP WITH TIME ZONE, last_failure TIMESTAMP WITH TIME ZONE, consecutive_failures INT, "
                            + "last_heartbeat TIMESTAMP WITH TIME ZONE, version BIGINT NOT NULL, priority SMALLINT, PRIMARY KEY (task_name, task_instance))");
            s.execute("CREATE INDEX execution_time_idx ON scheduled_tasks (execution_time)");
            s.execute("CREATE INDEX last_heartbeat_idx ON scheduled_tasks (last_heartbeat)");
            s.execute(
                    "CREATE INDEX priority_execution_time_idx ON scheduled_tasks (priority DESC, execution_time ASC)");
        }
    }
}
