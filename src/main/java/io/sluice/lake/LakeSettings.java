package io.sluice.lake;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code sluice.*} settings of the lake. */
@ConfigMapping(prefix = "sluice.lake")
public interface LakeSettings {

    /** The DuckDB file; relative paths are resolved against the working directory. */
    @WithDefault("${sluice.data-dir}/lake.duckdb")
    String file();
}
