package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.LakeUnavailable;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.testing.DuckDbFileHolder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 3, item 8: one process owns the lake file (a second one gets an error naming the file, not a crash), writes to
 * a table are serialized while reads and other tables' writes go on, and the lake leaves no connection open: after
 * it closes, another process can open the file.
 */
class DuckDbLakeConcurrencyTest {

    private static final TableSpec RAW = new TableSpec("raw", new WriteMode.Append("load_id"), List.of());

    @TempDir
    Path dir;

    @Test
    void aLakeFileHeldByAnotherProcessIsRefusedWithItsNameAndTheHolder() throws Exception {
        Path file = dir.resolve("lake.duckdb");
        Process holder = DuckDbFileHolder.start("hold", file);
        try {
            awaitLine(holder, "holding");
            assertThat(LakeFileProbe.problem(file))
                    .hasValueSatisfying(problem -> assertThat(problem)
                            .startsWith("the lake file " + file + " is in use by another process")
                            .contains("PID " + holder.pid())
                            .contains("stop that process or point sluice.data-dir at another directory"));
            assertThatThrownBy(() -> TestLakes.open(file, InstantSource.system()))
                    .isInstanceOf(LakeUnavailable.class)
                    .hasMessageStartingWith("the lake file " + file + " is in use by another process");
        } finally {
            holder.getOutputStream().close();
            assertThat(holder.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        // once the holder is gone, the file opens
        assertThat(LakeFileProbe.problem(file)).isEmpty();
    }

    @Test
    void writesToOneTableWaitForEachOtherWhileReadsAndOtherTablesGoOn() throws Exception {
        DuckDbLake lake = TestLakes.open(dir.resolve("lake.duckdb"), InstantSource.system());
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            lake.write("t", s -> s.execute("CREATE TABLE t (x INTEGER)"));
            lake.write("u", s -> s.execute("CREATE TABLE u (x INTEGER)"));
            CountDownLatch inside = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            List<String> order = new CopyOnWriteArrayList<>();
            CompletableFuture<Object> first = CompletableFuture.supplyAsync(
                    () -> lake.write("t", s -> {
                        s.execute("INSERT INTO t SELECT range FROM range(1000)");
                        inside.countDown();
                        assertThat(release.await(60, TimeUnit.SECONDS)).isTrue();
                        order.add("first ends");
                        return null;
                    }),
                    threads);
            assertThat(inside.await(60, TimeUnit.SECONDS)).isTrue();

            Thread[] second = new Thread[1];
            CompletableFuture<Object> queued = CompletableFuture.supplyAsync(
                    () -> {
                        second[0] = Thread.currentThread();
                        return lake.write("t", s -> {
                            order.add("second starts");
                            return s.execute("INSERT INTO t VALUES (-1)");
                        });
                    },
                    threads);
            // while the first write holds t: reads answer (the last committed state) and u can be written
            assertThat(CompletableFuture.supplyAsync(
                                    () -> lake.read(s -> s.queryLong("SELECT count(*) FROM t")), threads)
                            .get(60, TimeUnit.SECONDS))
                    .isZero();
            assertThat(CompletableFuture.supplyAsync(
                                    () -> lake.write("u", s -> s.execute("INSERT INTO u VALUES (1)")), threads)
                            .get(60, TimeUnit.SECONDS))
                    .isEqualTo(1L);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (second[0] == null || second[0].getState() != Thread.State.WAITING) {
                // the second write of t parks on the table's lock (it cannot get past it before the first ends)
                assertThat(System.nanoTime())
                        .as("the second write of t never waited")
                        .isLessThan(deadline);
                Thread.onSpinWait();
            }
            assertThat(order).isEmpty();
            release.countDown();
            first.get(60, TimeUnit.SECONDS);
            assertThat(queued.get(60, TimeUnit.SECONDS)).isEqualTo(1L);
            assertThat(order).containsExactly("first ends", "second starts");
            assertThat((long) lake.read(s -> s.queryLong("SELECT count(*) FROM t")))
                    .isEqualTo(1001);
        } finally {
            threads.shutdownNow();
            lake.close(null);
        }
    }

    @Test
    void aClosedLakeLeavesNoConnectionOpenAfterWritesReadsAndFailures() throws Exception {
        Path file = dir.resolve("lake.duckdb");
        DuckDbLake lake = TestLakes.open(file, InstantSource.system());
        try {
            for (int i = 0; i < 20; i++) {
                TestLakes.publish(
                        lake, RAW, "run" + i, "SELECT 'load" + i + "' AS load_id, range AS x FROM range(50)", false);
                lake.read(s -> s.queryLong("SELECT count(*) FROM raw"));
                int n = i;
                assertThatThrownBy(() -> lake.write(
                                "raw", s -> s.execute("INSERT INTO raw VALUES ('bad" + n + "', 'not a number')")))
                        .isInstanceOf(RuntimeException.class);
                assertThatThrownBy(() -> lake.read(s -> s.queryLong("SELECT no_such_column FROM raw")))
                        .isInstanceOf(RuntimeException.class);
            }
            assertThat((long) lake.read(s -> s.queryLong("SELECT count(*) FROM raw")))
                    .isEqualTo(20 * 50);
        } finally {
            lake.close(null);
        }
        // DuckDB releases the file only when the last connection of this process is closed
        Process other = DuckDbFileHolder.start("open", file);
        String output = new String(other.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(other.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(output).contains("opened");
        assertThat(other.exitValue()).isZero();
    }

    /** Reads the process's output until {@code line} (the JVM may print warnings before it). */
    private static void awaitLine(Process process, String line) throws Exception {
        BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String l = reader.readLine(); l != null; l = reader.readLine()) {
            if (l.equals(line)) {
                return;
            }
            seen.append(l).append('\n');
        }
        throw new AssertionError("the other process ended without saying '" + line + "': " + seen);
    }
}
