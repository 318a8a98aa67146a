package io.sluice.lake.duckdb;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
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
