package io.sluice.api;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The body of {@code POST /api/runs}. */
public record LaunchBody(
        @Schema(required = true, description = "The assets to materialize, as keys like group/name.")
        List<String> assets,

        @Schema(ref = "MaterializationMode", description = "Which keys to process; INCREMENTAL when absent.")
        String mode,

        List<String> keys,
        List<String> partitions,
        Map<String, Object> config,
        String reason,
        String launchedBy) {}
