package io.sluice.runs.execute;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The keys a keyed asset's run processes, in batches, the watermark to store if the run succeeds, and
 * whether the keys are all the asset has ({@code complete}: the write may then replace the whole table).
 * Every mode resolves to one of these; the processing loop only ever sees batches.
 */
public record KeySelection(List<String> keys, Optional<String> watermarkOnSuccess, boolean complete) {

    public KeySelection {
        keys = List.copyOf(keys);
    }

    /** Splits the keys into consecutive batches of at most {@code batchSize}. */
    public List<List<String>> batches(int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be >= 1");
        }
        List<List<String>> batches = new ArrayList<>();
        for (int from = 0; from < keys.size(); from += batchSize) {
            batches.add(keys.subList(from, Math.min(keys.size(), from + batchSize)));
        }
        return batches;
    }
}
