package io.sluice.lake.bitemporal;

import java.util.Optional;

/**
 * A batch given as SQL that runs on the writer's connection.
 *
 * <p>{@code rows} must return columns named like the table's key, value and date columns (more columns are
 * ignored; values are cast to the column types, the date to DATE). {@code markers}, if present, returns the scope
 * columns and the date column: one filing marker per row (an empty filing in complete mode, a tombstone in key
 * mode). The SQL is the caller's own code and is used as given: never build it from user input.
 */
public record SourceQuery(String rows, Optional<String> markers) implements BatchSource {

    public SourceQuery {
        if (rows == null || rows.isBlank()) {
            throw new IllegalArgumentException("the rows query must not be empty");
        }
        markers = markers == null ? Optional.empty() : markers.filter(m -> !m.isBlank());
    }

    public static SourceQuery of(String rows) {
        return new SourceQuery(rows, Optional.empty());
    }

    public SourceQuery withMarkers(String markersQuery) {
        return new SourceQuery(rows, Optional.of(markersQuery));
    }
}
