package io.sluice.lake.bitemporal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows and filing markers held in memory. A row maps column names (key, value and date columns) to values; a
 * marker maps the scope columns and the date column to values. A missing column is NULL. Values are loaded as
 * text ({@code toString}, {@code toPlainString} for BigDecimal) and cast to the column types by DuckDB.
 */
public record Batch(List<Map<String, Object>> rows, List<Map<String, Object>> markers) implements BatchSource {

    public Batch {
        rows = copy(rows);
        markers = copy(markers == null ? List.of() : markers);
    }

    public static Batch of(List<? extends Map<String, ?>> rows) {
        return new Batch(widen(rows), List.of());
    }

    public static Batch empty() {
        return new Batch(List.of(), List.of());
    }

    public Batch withMarkers(List<? extends Map<String, ?>> newMarkers) {
        return new Batch(rows, widen(newMarkers));
    }

    /** A row or marker from alternating names and values: {@code entry("firm", "F1", "name", null)}. */
    public static Map<String, Object> entry(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("entry needs pairs of name and value");
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return map;
    }

    private static List<Map<String, Object>> widen(List<? extends Map<String, ?>> maps) {
        List<Map<String, Object>> widened = new ArrayList<>(maps.size());
        maps.forEach(m -> widened.add(new LinkedHashMap<>(m)));
        return widened;
    }

    /** Immutable copies that, unlike {@code Map.copyOf}, keep NULL values. */
    private static List<Map<String, Object>> copy(List<Map<String, Object>> maps) {
        List<Map<String, Object>> copies = new ArrayList<>(maps.size());
        for (Map<String, Object> map : maps) {
            copies.add(Collections.unmodifiableMap(new LinkedHashMap<>(map)));
        }
        return Collections.unmodifiableList(copies);
    }
}
