package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.List;

/** A run waiting in the queue: its assets and the group it belongs to (null for a run of its own). */
public record QueuedRun(String id, String group, List<AssetKey> assets) {}
