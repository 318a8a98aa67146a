package io.sluice.testing;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.WriteMode;
import io.sluice.partitions.TimeWindowPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.List;

/**
 * Daily-partitioned assets of every write mode, of their own so that rolling their whole tables back and forth disturbs
 * no other test: each run writes its partition's rows marked with the config's {@code version}.
 */
public final class RollbackAssets {

    private RollbackAssets() {}

    public record Config(int version) {}

    /** The asset of a write mode: {@code test/rb_<name>}, table {@code test_rb_<name>}. */
    abstract static class Daily implements Asset<Config> {
        private final AssetSpec<Config> spec;

        Daily(String name, WriteMode mode) {
            this.spec = AssetSpec.builder("test/rb_" + name, Config.class, new Config(1))
                    .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                    .table("test_rb_" + name, mode)
                    .build();
        }

        @Override
        public AssetSpec<Config> spec() {
            return spec;
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            String day = context.partition().orElseThrow();
            return MaterializeResult.rows(
                    context.output().rows(select(day, context.config().version())));
        }

        abstract String select(String day, int version);
    }

    /** {@code test/rb_append}: APPEND, a load {@code <day>/<version>} of two rows per run. */
    @ApplicationScoped
    public static class Append extends Daily {
        public Append() {
            super("append", WriteMode.append("load_id"));
        }

        @Override
        String select(String day, int version) {
            return "SELECT '" + day + "/" + version + "' AS load_id, DATE '" + day
                    + "' AS day, i AS n FROM range(2) t(i)";
        }
    }

    /** {@code test/rb_overwrite}: PARTITION_OVERWRITE by {@code day}. */
    @ApplicationScoped
    public static class Overwrite extends Daily {
        public Overwrite() {
            super("overwrite", WriteMode.partitionOverwrite("day"));
        }

        @Override
        String select(String day, int version) {
            return "SELECT '" + day + "' AS day, " + version + " AS version, i AS n FROM range(2) t(i)";
        }
    }

    /** {@code test/rb_upsert}: UPSERT keyed by {@code (day, n)}. */
    @ApplicationScoped
    public static class Upsert extends Daily {
        public Upsert() {
            super("upsert", WriteMode.upsert("day", "n"));
        }

        @Override
        String select(String day, int version) {
            return "SELECT '" + day + "' AS day, i AS n, " + version + " AS version FROM range(2) t(i)";
        }
    }

    /** {@code test/rb_versions}: BITEMPORAL_MERGE, one key per day ({@code yyyyMMdd}) dated that day. */
    @ApplicationScoped
    public static class Versions extends Daily {
        public Versions() {
            super("versions", WriteMode.bitemporal(List.of("k"), List.of("v"), "d", List.of()));
        }

        @Override
        String select(String day, int version) {
            return "SELECT " + day.replace("-", "") + " AS k, 'v" + version + "' AS v, DATE '" + day + "' AS d";
        }
    }

    /** {@code test/rb_ranges}: APPEND of ranges of days at once, a load {@code <day>/<version>} per day. */
    @ApplicationScoped
    public static class Ranges implements Asset<Config> {
        private final AssetSpec<Config> spec = AssetSpec.builder("test/rb_ranges", Config.class, new Config(1))
                .partitions(TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)))
                .processesRanges()
                .table("test_rb_ranges", WriteMode.append("load_id"))
                .build();

        @Override
        public AssetSpec<Config> spec() {
            return spec;
        }

        @Override
        public MaterializeResult materialize(AssetContext<Config> context) {
            String days = String.join(
                    ", ",
                    context.partitionRange().orElseThrow().keys().stream()
                            .map(d -> "('" + d + "')")
                            .toList());
            return MaterializeResult.rows(context.output()
                    .rows("SELECT day || '/" + context.config().version() + "' AS load_id, day FROM (VALUES " + days
                            + ") AS t(day)"));
        }
    }
}
