package io.sluice.catalog;

import java.util.LinkedHashMap;
import java.util.Map;

/** What one materialization (or one batch of it) wrote: a row count and the asset's own metadata. */
public record MaterializeResult(long rowsWritten, Map<String, Object> metadata) {

    public MaterializeResult {
        if (rowsWritten < 0) {
            throw new IllegalArgumentException("rowsWritten must be >= 0");
        }
        metadata = Map.copyOf(metadata);
    }

    public static MaterializeResult rows(long rowsWritten) {
        return new MaterializeResult(rowsWritten, Map.of());
    }

    public MaterializeResult withMetadata(String name, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(metadata);
        copy.put(name, value);
        return new MaterializeResult(rowsWritten, copy);
    }

    /** Sums row counts; later metadata values win. */
    public MaterializeResult plus(MaterializeResult other) {
        Map<String, Object> merged = new LinkedHashMap<>(metadata);
        merged.putAll(other.metadata);
        return new MaterializeResult(rowsWritten + other.rowsWritten, merged);
    }
}
