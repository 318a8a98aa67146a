package io.sluice.lake;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code sluice.*} settings of the lake. */
@ConfigMapping(prefix = "sluice.lake")
public interface LakeSettings {

    /** The DuckDB file; relative paths are resolved against the working directory. */
    @WithDefault("${sluice.data-dir}/lake.duckdb")
    String file();

    /** How long the snapshots that let non-bi-temporal tables be rolled back are kept (ISO-8601, default 7 days). */
    @WithDefault("P7D")
    java.time.Duration snapshotRetention();
}
