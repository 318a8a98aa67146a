package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.List;

/** A run waiting in the queue: its assets and the backfill it belongs to (null for a single launch). */
public record QueuedRun(String id, String backfillId, List<AssetKey> assets) {
}
