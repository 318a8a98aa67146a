package io.sluice.testing;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.AssetCheck;
import io.sluice.lake.WriteMode;
import io.sluice.partitions.DynamicPartitions;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.runs.DynamicKeyStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/** Assets that exist only in tests: a failing one, its downstream, a partitioned one and a controllable keyed one. */
public final class TestAssets {

    private TestAssets() {}

    /** {@code test/flaky}: fails when its config says so. */
    @ApplicationScoped
    public static class Flaky implements Asset<Flaky.Config> {
        public record Config(boolean fail, @Min(1) @Max(10) int attempts) {}

        @Override
        public AssetSpec<Config> spec() {
            return AssetSpec.builder("test/flaky", Config.class, new Config(false, 1))
                    .description("fails on demand")
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            context.log().info("attempting " + context.config().attempts() + " time(s)");
            if (context.config().fail()) {
                throw new IllegalStateException("flaky asset failed as configured");
            }
            return MaterializeResult.rows(1);
        }
    }

    /** {@code test/after_flaky}: downstream of {@code test/flaky}. */
    @ApplicationScoped
    public static class AfterFlaky implements Asset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/after_flaky").deps("test/flaky").build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(2);
        }
    }

    /** {@code test/daily}: daily partitions from 2024-01-01. */
    @ApplicationScoped
    public static class Daily implements Asset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/daily")
                    .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            context.log().info("partition " + context.partition().orElseThrow());
            return MaterializeResult.rows(1)
                    .withMetadata("partition", context.partition().orElseThrow());
        }
    }

    /** {@code test/hourly}: hourly partitions from 2024-01-01T00:00 UTC; the partition named by {@code failAt} fails. */
    @ApplicationScoped
    public static class Hourly implements Asset<Hourly.Config> {
        public record Config(String failAt) {}

        @Override
        public AssetSpec<Config> spec() {
            return AssetSpec.builder("test/hourly", Config.class, new Config(null))
                    .partitions(TimeWindowPartitions.hourly(LocalDateTime.of(2024, 1, 1, 0, 0)))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            if (context.partition().orElseThrow().equals(context.config().failAt())) {
                throw new IllegalStateException("hour " + context.config().failAt() + " failed as configured");
            }
            return MaterializeResult.rows(1);
        }
    }

    /** {@code test/daily_rollup}: daily partitions from 2024-01-01, each reading its day's 24 hours of {@code test/hourly}. */
    @ApplicationScoped
    public static class DailyRollup implements Asset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/daily_rollup")
                    .deps("test/hourly")
                    .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(24);
        }
    }

    /** {@code test/rollup_summary}: unpartitioned, reads every day of {@code test/daily_rollup}. */
    @ApplicationScoped
    public static class RollupSummary implements Asset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/rollup_summary")
                    .deps("test/daily_rollup")
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(1);
        }
    }

    /**
     * {@code test/gated}: 25 keys; each batch waits for the test to open the gate, so a test can
     * cancel between batches deterministically.
     */
    @ApplicationScoped
    public static class Gated implements KeyedAsset<AssetSpec.NoConfig> {
        public static volatile CountDownLatch entered = new CountDownLatch(1);
        public static volatile CountDownLatch gate = new CountDownLatch(0);
        /** When set, each batch takes a permit first: a test lets the batches through one at a time. */
        public static volatile Semaphore perBatch = null;

        public static final AtomicInteger BATCHES = new AtomicInteger();

        public static void reset(boolean closed) {
            entered = new CountDownLatch(1);
            gate = new CountDownLatch(closed ? 1 : 0);
            perBatch = null;
            BATCHES.set(0);
        }

        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/gated")
                    .description("keyed test asset whose batches wait on a gate")
                    .build();
        }

        @Override
        public List<String> allKeys(AssetContext<AssetSpec.NoConfig> context) {
            return IntStream.rangeClosed(1, 25)
                    .mapToObj(i -> String.format("k%03d", i))
                    .toList();
        }

        @Override
        public List<String> changedKeys(AssetContext<AssetSpec.NoConfig> context, String since, String until) {
            return List.of("k001");
        }

        @Override
        public Optional<String> currentWatermark(AssetContext<AssetSpec.NoConfig> context) {
            return Optional.of("w1");
        }

        @Override
        public MaterializeResult processBatch(AssetContext<AssetSpec.NoConfig> context, List<String> keys)
                throws InterruptedException {
            BATCHES.incrementAndGet();
            entered.countDown();
            if (!gate.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("test gate was never opened");
            }
            Semaphore permits = perBatch;
            if (permits != null && !permits.tryAcquire(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test let no more batches through");
            }
            return MaterializeResult.rows(keys.size());
        }
    }

    /** {@code test/checked}: an UPSERT table whose rows can be made to fail its blocking NOT NULL check. */
    @ApplicationScoped
    public static class Checked implements Asset<Checked.Config> {
        public record Config(@Min(1) @Max(1000) int rows, boolean nullName, String value) {}

        @Override
        public AssetSpec<Config> spec() {
            return AssetSpec.builder("test/checked", Config.class, new Config(3, false, "v1"))
                    .table("test_checked", WriteMode.upsert("id"))
                    .check(new AssetCheck.NotNull("name_not_null", AssetCheck.Severity.ERROR, List.of("name")))
                    .check(new AssetCheck.Range("id_range", AssetCheck.Severity.WARN, "id", 0.0, 2.0))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            Config c = context.config();
            String value = c.value() == null ? "" : c.value().replace("'", "''");
            long staged = context.output()
                    .rows("SELECT i AS id, CASE WHEN " + c.nullName()
                            + " AND i = 2 THEN NULL ELSE 'name' || i END AS name, '" + value + "' AS value FROM range("
                            + c.rows() + ") t(i)");
            return MaterializeResult.rows(staged);
        }
    }

    /** {@code test/landed}: an APPEND table; each run lands the load named in its config. */
    @ApplicationScoped
    public static class Landed implements Asset<Landed.Config> {
        public record Config(String load) {}

        @Override
        public AssetSpec<Config> spec() {
            return AssetSpec.builder("test/landed", Config.class, new Config("L1"))
                    .table("test_landed", WriteMode.append("load_id"))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            String load = context.config().load().replace("'", "''");
            return MaterializeResult.rows(
                    context.output().rows("SELECT '" + load + "' AS load_id, i AS n FROM range(2) t(i)"));
        }
    }

    /** {@code test/landed_daily}: daily APPEND landing; each run lands load {@code <day>/<version>} of its day. */
    @ApplicationScoped
    public static class LandedDaily implements Asset<LandedDaily.Config> {
        public record Config(int version) {}

        @Override
        public AssetSpec<Config> spec() {
            return AssetSpec.builder("test/landed_daily", Config.class, new Config(1))
                    .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                    .table("test_landed_daily", WriteMode.append("load_id"))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            String day = context.partition().orElseThrow();
            return MaterializeResult.rows(context.output()
                    .rows("SELECT '" + day + "/" + context.config().version() + "' AS load_id, DATE '" + day
                            + "' AS day, i AS n FROM range(3) t(i)"));
        }
    }

    /** {@code test/versions_daily}: a daily-partitioned bi-temporal table, one key per day ({@code yyyyMMdd}). */
    @ApplicationScoped
    public static class VersionsDaily implements Asset<AssetSpec.NoConfig> {
        /** Appended to every value written, so that a test can change what a partition holds. */
        public static volatile String suffix = "";

        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/versions_daily")
                    .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                    .table("test_versions_daily", WriteMode.bitemporal(List.of("k"), List.of("v"), "d", List.of()))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            String day = context.partition().orElseThrow();
            // a key of its own per day: a partition's write replaces its keys' history (replace=scopes), not the other
            // days'
            return MaterializeResult.rows(context.output()
                    .rows("SELECT " + day.replace("-", "") + " AS k, 'seen " + day + suffix + "' AS v, DATE '" + day
                            + "' AS d"));
        }
    }

    /** {@code test/upsert_daily}: a daily-partitioned UPSERT table (its snapshots are of the whole table). */
    @ApplicationScoped
    public static class UpsertDaily implements Asset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/upsert_daily")
                    .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                    .table("test_upsert_daily", WriteMode.upsert("d"))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            String day = context.partition().orElseThrow();
            return MaterializeResult.rows(context.output().rows("SELECT DATE '" + day + "' AS d, 'seen' AS v"));
        }
    }

    /** {@code test/slow_daily}: daily partitions that take a while each, to pause and cancel backfills in flight. */
    @ApplicationScoped
    public static class SlowDaily implements Asset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/slow_daily")
                    .partitions(TimeWindowPartitions.daily(LocalDate.of(2023, 12, 1)))
                    .pool("slow")
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) throws InterruptedException {
            Thread.sleep(150);
            return MaterializeResult.rows(1);
        }
    }

    /** {@code test/regional}: dynamic partitions named {@code test_regions}, keys added over the API. */
    @ApplicationScoped
    public static class Regional implements Asset<AssetSpec.NoConfig> {
        private final AssetSpec<AssetSpec.NoConfig> spec;

        public Regional(DynamicKeyStore keys) {
            this.spec = AssetSpec.builder("test/regional")
                    .partitions(new DynamicPartitions("test_regions", keys))
                    .build();
        }

        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return spec;
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(1)
                    .withMetadata("region", context.partition().orElseThrow());
        }
    }
}
