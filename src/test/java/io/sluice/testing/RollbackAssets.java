package io.sluice.testing;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetContext;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.MaterializeResult;
import io.sluice.lake.WriteMode;
import io.sluice.partitions.TimeWindowPartitions;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

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

    /** The config of a source: the load to land, its keys (comma separated) and the value every key gets in it. */
    public record SourceConfig(String load, String keys, int value) {}

    /**
     * An unpartitioned APPEND source {@code test/<name>} (table {@code test_<name>}): each run lands a load of one row per
     * key, {@code (load_id, k, v)}.
     */
    abstract static class Source implements Asset<SourceConfig> {
        private final AssetSpec<SourceConfig> spec;

        Source(String name) {
            this.spec = AssetSpec.builder("test/" + name, SourceConfig.class, new SourceConfig("L1", "a", 1))
                    .table("test_" + name, WriteMode.append("load_id"))
                    .build();
        }

        @Override
        public AssetSpec<SourceConfig> spec() {
            return spec;
        }

        @Override
        public MaterializeResult materialize(AssetContext<SourceConfig> context) {
            SourceConfig c = context.config();
            return MaterializeResult.rows(context.output()
                    .rows(
                            "SELECT ?::VARCHAR AS load_id, unnest(string_split(?, ',')) AS k, ?::INTEGER AS v",
                            c.load(),
                            c.keys(),
                            c.value()));
        }
    }

    /**
     * A keyed UPSERT asset {@code test/<name>} (table {@code test_<name>}, key {@code k}) over a {@link Source}: its
     * watermark is the source's table version, the changed keys those of the loads landed since, and a key's row holds
     * its value in the source's latest load of it.
     */
    abstract static class KeyedOver implements KeyedAsset<AssetSpec.NoConfig> {
        private final AssetSpec<AssetSpec.NoConfig> spec;
        private final String source;

        KeyedOver(String name, String source) {
            this.source = "test_" + source;
            this.spec = AssetSpec.builder("test/" + name)
                    .deps("test/" + source)
                    .table("test_" + name, WriteMode.upsert("k"))
                    .build();
        }

        @Override
        public AssetSpec<AssetSpec.NoConfig> spec() {
            return spec;
        }

        @Override
        public List<String> allKeys(AssetContext<AssetSpec.NoConfig> context) {
            return context.lake().read(lake -> lake.queryStrings("SELECT DISTINCT k FROM " + source + " ORDER BY 1"));
        }

        @Override
        public List<String> changedKeys(AssetContext<AssetSpec.NoConfig> context, String since, String until) {
            return context.lake()
                    .read(lake ->
                            lake.queryStrings(lake.loadsAppended(source, Long.parseLong(since), Long.parseLong(until))
                                    .wrap("SELECT DISTINCT k FROM " + source + " WHERE load_id IN (", ") ORDER BY 1")));
        }

        @Override
        public Optional<String> currentWatermark(AssetContext<AssetSpec.NoConfig> context) {
            return context.lake()
                    .read(lake -> lake.tableExists(source)
                            ? Optional.of(Long.toString(lake.tableVersion(source)))
                            : Optional.<String>empty());
        }

        @Override
        public MaterializeResult processBatch(AssetContext<AssetSpec.NoConfig> context, List<String> keys) {
            return MaterializeResult.rows(context.output()
                    .rows(
                            "SELECT k, arg_max(v, load_id) AS v FROM " + source
                                    + " WHERE k IN (SELECT unnest(?)) GROUP BY k",
                            keys));
        }
    }

    /** {@code test/rb_source}: the source of {@code test/rb_keyed}. */
    @ApplicationScoped
    public static class RbSource extends Source {
        public RbSource() {
            super("rb_source");
        }
    }

    /** {@code test/rb_keyed}: keyed over {@code test/rb_source}, for rolling a keyed asset back. */
    @ApplicationScoped
    public static class RbKeyed extends KeyedOver {
        public RbKeyed() {
            super("rb_keyed", "rb_source");
        }
    }

    /** {@code test/rb_feed}: the source of {@code test/rb_reader}, for rolling an upstream back. */
    @ApplicationScoped
    public static class RbFeed extends Source {
        public RbFeed() {
            super("rb_feed");
        }
    }

    /** {@code test/rb_reader}: keyed over {@code test/rb_feed}. */
    @ApplicationScoped
    public static class RbReader extends KeyedOver {
        public RbReader() {
            super("rb_reader", "rb_feed");
        }
    }

    /** {@code test/quiet_source}: the source of {@code test/quiet}. */
    @ApplicationScoped
    public static class QuietSource extends Source {
        public QuietSource() {
            super("quiet_source");
        }
    }

    /** {@code test/quiet}: keyed over {@code test/quiet_source}, for runs that find nothing to do. */
    @ApplicationScoped
    public static class Quiet extends KeyedOver {
        public Quiet() {
            super("quiet", "quiet_source");
        }
    }
}
