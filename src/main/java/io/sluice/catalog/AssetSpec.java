package io.sluice.catalog;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.partitions.PartitionsDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What an asset declares about itself: key, description, owners, tags, dependencies, run config
 * type with its defaults, and partitions. Built with {@link #builder(String, Class, Record)}.
 */
public record AssetSpec<C extends Record>(
        AssetKey key,
        String description,
        List<String> owners,
        Map<String, String> tags,
        Set<AssetKey> deps,
        Class<C> configType,
        C defaultConfig,
        PartitionsDefinition partitions,
        Optional<TableSpec> table,
        Optional<String> pool,
        boolean processesRanges,
        Optional<FreshnessPolicy> freshness) {

    public AssetSpec {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(configType, "configType");
        Objects.requireNonNull(defaultConfig, "defaultConfig");
        Objects.requireNonNull(partitions, "partitions");
        description = description == null ? "" : description;
        owners = List.copyOf(owners);
        tags = Map.copyOf(tags);
        deps = Set.copyOf(deps);
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(pool, "pool");
        if (table.isPresent() && table.get().mode().writesOnePartition() && !partitions.isPartitioned()) {
            throw new IllegalArgumentException(
                    "asset " + key + " writes with PARTITION_OVERWRITE but is not partitioned");
        }
        if (processesRanges && !partitions.isPartitioned()) {
            throw new IllegalArgumentException("asset " + key + " processes partition ranges but is not partitioned");
        }
        if (processesRanges && table.isPresent() && table.get().mode().writesOnePartition()) {
            throw new IllegalArgumentException(
                    "asset " + key + " processes partition ranges, but PARTITION_OVERWRITE replaces one "
                            + "partition per write: use APPEND, UPSERT or BITEMPORAL_MERGE, or process one partition at a time");
        }
        Objects.requireNonNull(freshness, "freshness");
        if (freshness.orElse(null) instanceof FreshnessPolicy.PartitionDeadline deadline) {
            deadline.checkApplies(key, partitions);
        }
        if (deps.contains(key)) {
            throw new IllegalArgumentException("asset " + key + " depends on itself");
        }
    }

    /** The longest pool name the metadata store keeps. */
    public static final int MAX_POOL_NAME = 200;

    /** Whether {@code name} can name a concurrency pool: 1 to 200 letters, digits, {@code _ . -}. */
    public static boolean isPoolName(String name) {
        return name != null && name.length() <= MAX_POOL_NAME && name.matches("[A-Za-z0-9_.-]+");
    }

    /** Starts a spec for an asset with key {@code group/name} and a run config record with its defaults. */
    public static <C extends Record> Builder<C> builder(String key, Class<C> configType, C defaultConfig) {
        return new Builder<>(AssetKey.parse(key), configType, defaultConfig);
    }

    /** Starts a spec for an asset without run config. */
    public static Builder<NoConfig> builder(String key) {
        return builder(key, NoConfig.class, new NoConfig());
    }

    /** The run config of assets that take none. */
    public record NoConfig() {}

    public static final class Builder<C extends Record> {
        private final AssetKey key;
        private final Class<C> configType;
        private final C defaultConfig;
        private String description = "";
        private final List<String> owners = new ArrayList<>();
        private final Map<String, String> tags = new LinkedHashMap<>();
        private final Set<AssetKey> deps = new LinkedHashSet<>();
        private PartitionsDefinition partitions = PartitionsDefinition.none();
        private FreshnessPolicy freshness;
        private TableSpec table;
        private String pool;
        private boolean processesRanges;

        private Builder(AssetKey key, Class<C> configType, C defaultConfig) {
            this.key = key;
            this.configType = configType;
            this.defaultConfig = defaultConfig;
        }

        public Builder<C> description(String text) {
            this.description = text;
            return this;
        }

        public Builder<C> owners(String... names) {
            owners.addAll(List.of(names));
            return this;
        }

        public Builder<C> tag(String name, String value) {
            tags.put(name, value);
            return this;
        }

        /** Upstream assets, as {@code group/name}. */
        public Builder<C> deps(String... keys) {
            for (String k : keys) {
                deps.add(AssetKey.parse(k));
            }
            return this;
        }

        public Builder<C> partitions(PartitionsDefinition definition) {
            this.partitions = definition;
            return this;
        }

        /**
         * The lake table Sluice writes for this asset with {@code mode}: the compute stages rows through
         * {@link AssetContext#output()}, Sluice runs the checks and publishes them atomically.
         */
        public Builder<C> table(String name, WriteMode mode) {
            this.table = new TableSpec(name, mode, List.of());
            return this;
        }

        /** A check of the asset's table (declare the table first). */
        public Builder<C> check(AssetCheck check) {
            if (table == null) {
                throw new IllegalStateException("declare the table of " + key + " before its checks");
            }
            this.table = table.withCheck(check);
            return this;
        }

        /** The concurrency pool the asset's runs count against (limits are set with {@code PUT /api/pools/{name}}). */
        public Builder<C> pool(String name) {
            if (!isPoolName(name)) {
                throw new IllegalArgumentException("invalid pool name '" + name + "'");
            }
            this.pool = name;
            return this;
        }

        /**
         * The compute takes a contiguous range of partitions at once ({@link AssetContext#partitionRange()}): a run of
         * many partitions (a backfill's single run, or several partitions per run) calls it, stages and publishes once
         * per contiguous range instead of once per partition. Partition status is still kept per partition.
         */
        /**
         * How fresh the asset must be ({@link FreshnessPolicy}): evaluated on a clock and after materializations, shown
         * on the API and the pages. A partition deadline needs daily partitions.
         */
        public Builder<C> freshness(FreshnessPolicy policy) {
            this.freshness = java.util.Objects.requireNonNull(policy, "policy");
            return this;
        }

        public Builder<C> processesRanges() {
            this.processesRanges = true;
            return this;
        }

        public AssetSpec<C> build() {
            return new AssetSpec<>(
                    key,
                    description,
                    owners,
                    tags,
                    deps,
                    configType,
                    defaultConfig,
                    partitions,
                    Optional.ofNullable(table),
                    Optional.ofNullable(pool),
                    processesRanges,
                    Optional.ofNullable(freshness));
        }
    }
}
