package io.sluice.alerts;

import io.sluice.catalog.AssetKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which assets a rule watches: all (also what concerns no asset: a node, a tick), or only the listed assets and the assets
 * of the listed groups.
 */
public record AssetSelection(Set<String> assets, Set<String> groups) {

    public static final AssetSelection ALL = new AssetSelection(Set.of(), Set.of());

    public AssetSelection {
        assets = Set.copyOf(new TreeSet<>(assets));
        groups = Set.copyOf(new TreeSet<>(groups));
        assets.forEach(AssetKey::parse); // refuses a malformed key with its sentence
    }

    public static AssetSelection assets(String... keys) {
        return new AssetSelection(Set.of(keys), Set.of());
    }

    public static AssetSelection groups(String... groups) {
        return new AssetSelection(Set.of(), Set.of(groups));
    }

    public boolean all() {
        return assets.isEmpty() && groups.isEmpty();
    }

    /** Whether what concerns {@code asset} (empty: no asset) is watched. */
    public boolean matches(Optional<AssetKey> asset) {
        if (all()) {
            return true;
        }
        return asset.map(a -> assets.contains(a.toString()) || groups.contains(a.group()))
                .orElse(false);
    }

    /** As a person reads it: "all assets", "raw/filings, group marts". */
    public String describe() {
        if (all()) {
            return "all assets";
        }
        List<String> parts = new java.util.ArrayList<>(new TreeSet<>(assets));
        new TreeSet<>(groups).forEach(g -> parts.add("group " + g));
        return String.join(", ", parts);
    }
}
