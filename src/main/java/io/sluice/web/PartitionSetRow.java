package io.sluice.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** One set of dynamic partitions on the partitions page: its keys (the first {@code shown} of {@code total}). */
public record PartitionSetRow(String name, List<String> keys, int total) {

    /** Keys the page lists per set; the others are counted. */
    static final int SHOWN = 500;

    static PartitionSetRow of(String name, List<String> keys) {
        return new PartitionSetRow(name, keys.size() > SHOWN ? keys.subList(0, SHOWN) : keys, keys.size());
    }

    /** The set's name as one path segment of a form's action. */
    public String segment() {
        return segment(name);
    }

    static String segment(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    public int hidden() {
        return total - keys.size();
    }
}
