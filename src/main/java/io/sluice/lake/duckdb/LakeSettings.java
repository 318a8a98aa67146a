package io.sluice.lake.duckdb;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/** {@code sluice.*} settings of the lake. */
@ConfigMapping(prefix = "sluice.lake")
public interface LakeSettings {

    /**
     * Whether this node has the lake ({@code SLUICE_LAKE_ENABLED}): false binds {@link io.sluice.lake.NoLake}, the file
     * is never opened, and the node claims only runs that need no lake (see {@code docs/operations.md}, "Several nodes").
     */
    @WithDefault("true")
    boolean enabled();

    /**
     * The engine the lake runs on ({@code SLUICE_LAKE_ENGINE}): {@code duckdb} (one file, one process) or {@code
     * postgres} (a schema of a PostgreSQL database that several nodes share, see {@link #postgres()}).
     */
    @WithDefault("duckdb")
    LakeEngine engine();

    /** The PostgreSQL lake ({@code sluice.lake.engine=postgres}); unused by the DuckDB lake. */
    Postgres postgres();

    /** {@code sluice.lake.postgres.*}: where the PostgreSQL lake lives and the bounds of its work. */
    interface Postgres {

        /**
         * The JDBC url of the lake's database; empty: the metadata store's datasource, when the store is PostgreSQL (a
         * node whose store is H2 then refuses to start).
         */
        Optional<String> url();

        /** The user of {@link #url()}. */
        Optional<String> user();

        /** The password of {@link #user()}. */
        Optional<String> password();

        /** The schema the lake's tables live in (created at first open). */
        @WithDefault("lake")
        String schema();

        /** The most connections the lake holds open to {@link #url()} (unused with the store's datasource). */
        @WithDefault("8")
        int poolSize();

        /** PostgreSQL's {@code statement_timeout} for each statement of lake work; empty: none. */
        Optional<Duration> statementTimeout();

        /** PostgreSQL's {@code work_mem} for lake work: the memory one sort or hash may take before it spills. */
        @WithDefault("64MB")
        String workMem();
    }

    /** The DuckDB file; relative paths are resolved against the working directory. */
    @WithDefault("${sluice.data-dir}/lake.duckdb")
    String file();

    /** How long the snapshots that let non-bi-temporal tables be rolled back are kept (ISO-8601, default 7 days). */
    @WithDefault("P7D")
    Duration snapshotRetention();

    /**
     * DuckDB's {@code memory_limit}: the memory the lake's queries may hold together before they spill to the temp
     * directory; a size ({@code 4GB}, {@code 512MiB}) or a share of the machine's memory ({@code 25%}). The JVM's heap
     * comes on top of it.
     */
    @WithDefault("25%")
    String memoryLimit();

    /** DuckDB's {@code threads}: the threads one lake query may use; empty: the processors available to the JVM. */
    OptionalInt threads();

    /**
     * Where queries larger than the memory limit spill to ({@code temp_directory}); created at start, and DuckDB's temp
     * files that a stopped process left there are removed.
     */
    @WithDefault("${sluice.data-dir}/lake.tmp")
    String tempDirectory();

    /**
     * DuckDB's {@code max_temp_directory_size}: the most the spilled data may take; a size ({@code 20GB}) or a share of
     * the disk space free in the temp directory at start ({@code 50%}). A query that needs more fails, and its run with it.
     */
    @WithDefault("50%")
    String maxTempDirectorySize();
}
