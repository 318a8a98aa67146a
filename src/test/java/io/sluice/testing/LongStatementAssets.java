package io.sluice.testing;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.WriteMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CountDownLatch;

/**
 * Assets whose compute can be one DuckDB statement that runs for an hour or more, to cancel inside it: with
 * {@code slow: false} they write three rows at once.
 */
public final class LongStatementAssets {

    /** A statement over 10^12 rows that keeps one row: far longer than any test waits. */
    public static final String ENDLESS =
            "SELECT count(*) AS n, 'endless' AS v FROM range(1000000000000) t(i) WHERE hash(i) = 42";

    private static final String THREE = "SELECT i AS n, 'v' || i AS v FROM range(3) t(i)";

    /** Counted down when an asset is about to run its statement. */
    public static volatile CountDownLatch entered = new CountDownLatch(1);

    private LongStatementAssets() {}

    public record Config(boolean slow) {}

    /** {@code test/long_write}: replaces the rows of {@code test_long_write} in one write of the lake (as the Form ADV extract does). */
    @ApplicationScoped
    public static class LongWrite implements Asset<Config> {
        @Override
        public AssetSpec<Config> spec() {
            return AssetSpec.builder("test/long_write", Config.class, new Config(false))
                    .description("one long statement in a lake write")
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            long rows = context.lake().write("test_long_write", lake -> {
                lake.execute("CREATE TABLE IF NOT EXISTS test_long_write (n BIGINT, v VARCHAR)");
                lake.execute("DELETE FROM test_long_write");
                entered.countDown();
                return lake.execute(
                        "INSERT INTO test_long_write " + (context.config().slow() ? ENDLESS : THREE));
            });
            return MaterializeResult.rows(rows);
        }
    }

    /** {@code test/after_long_write}: downstream of {@code test/long_write}. */
    @ApplicationScoped
    public static class AfterLongWrite implements Asset<AssetSpec.NoConfig> {
        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return AssetSpec.builder("test/after_long_write")
                    .deps("test/long_write")
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<AssetSpec.NoConfig> context) {
            return MaterializeResult.rows(1);
        }
    }

    /** {@code test/long_staged}: an UPSERT table whose rows are staged by one statement. */
    @ApplicationScoped
    public static class LongStaged implements Asset<Config> {
        @Override
        public AssetSpec<Config> spec() {
            return AssetSpec.builder("test/long_staged", Config.class, new Config(false))
                    .table("test_long_staged", WriteMode.upsert("n"))
                    .build();
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            entered.countDown();
            return MaterializeResult.rows(context.output().rows(context.config().slow() ? ENDLESS : THREE));
        }
    }
}
