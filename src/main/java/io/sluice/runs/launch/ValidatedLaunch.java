package io.sluice.runs.launch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import java.util.List;
import java.util.Map;

/** A launch request that passed every check: assets in dependency order, the config per asset key. */
public record ValidatedLaunch(
        List<AssetKey> assets,
        MaterializationMode mode,
        List<String> keys,
        List<String> partitions,
        ObjectNode configByAsset,
        String reason,
        String launchedBy,
        Map<String, String> tags) {}
