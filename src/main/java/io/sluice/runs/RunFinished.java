package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.List;

/**
 * A run that has ended, with its group (null for a run of its own) and its assets; carried by {@link RunsEnded}. The
 * assets are empty when the one who ended the run did not read them (recovery at start-up): a listener that cares
 * which assets ran then counts the run as touching any.
 */
public record RunFinished(String runId, String group, RunStatus status, List<AssetKey> assets) {

    public RunFinished {
        assets = List.copyOf(assets);
    }

    /** A run whose assets are not known here. */
    public RunFinished(String runId, String group, RunStatus status) {
        this(runId, group, status, List.of());
    }
}
