package io.sluice.bench;

import com.zaxxer.hikari.HikariDataSource;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** The floor: a plain fixed thread pool doing the inserts, no queue in the database, no orchestration. */
final class Floor implements Contender {

    @Override
    public String name() {
        return "floor (thread pool)";
    }

    @Override
    public Result run(BenchDb db, List<String> partitions, Settings settings) throws Exception {
        try (HikariDataSource ds = db.pool("floor")) {
            PeerInserts.createTables(ds);
            ExecutorService pool = Executors.newFixedThreadPool(settings.workers());
            long start = System.nanoTime();
            for (String p : partitions) {
                pool.execute(() -> PeerInserts.record(ds, "floor", p));
            }
            pool.shutdown();
            boolean finished = pool.awaitTermination(settings.maxSeconds(), TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - start) / 1e9;
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
            long done = PeerInserts.count(ds, "bench_run");
            return new Result(
                    db.engine(),
                    name(),
                    partitions.size(),
                    done,
                    seconds,
                    Double.NaN,
                    Double.NaN,
                    finished ? "" : "cut short");
        }
    }
}
