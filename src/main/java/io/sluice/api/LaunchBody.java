package io.sluice.api;

import java.util.List;
import java.util.Map;

/** The body of {@code POST /api/runs}. */
public record LaunchBody(
        List<String> assets,
        String mode,
        List<String> keys,
        List<String> partitions,
        Map<String, Object> config,
        String reason,
        String launchedBy) {
}
