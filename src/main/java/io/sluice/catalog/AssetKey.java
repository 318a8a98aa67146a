package io.sluice.catalog;

import java.util.List;
import java.util.regex.Pattern;

/** The identity of an asset: two or more path segments, shown joined by slashes ({@code group/name}, {@code sales/eu/orders}). */
public record AssetKey(List<String> path) implements Comparable<AssetKey> {

    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");

    public AssetKey {
        path = List.copyOf(path);
        if (path.size() < 2) {
            throw new IllegalArgumentException(
                    "asset key needs a group and a name, like 'group/name': " + String.join("/", path));
        }
        for (String segment : path) {
            if (!SEGMENT.matcher(segment).matches()) {
                throw new IllegalArgumentException(
                        "invalid asset key segment '" + segment + "' (letters, digits, _ . -)");
            }
        }
    }

    /** Parses {@code group/name} (or more segments, {@code sales/eu/orders}). */
    public static AssetKey parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("asset key is empty");
        }
        return new AssetKey(List.of(text.split("/", -1)));
    }

    public static AssetKey of(String group, String name) {
        return new AssetKey(List.of(group, name));
    }

    public String group() {
        return path.get(0);
    }

    public String name() {
        return path.get(path.size() - 1);
    }

    /** The key after its group, as pages draw it beside the group: {@code orders} of sales/orders, {@code eu/orders} of sales/eu/orders. */
    public String pathAfterGroup() {
        return String.join("/", path.subList(1, path.size()));
    }

    @Override
    public String toString() {
        return String.join("/", path);
    }

    @Override
    public int compareTo(AssetKey other) {
        return toString().compareTo(other.toString());
    }
}
