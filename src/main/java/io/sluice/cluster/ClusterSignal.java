package io.sluice.cluster;

import io.sluice.catalog.AssetKey;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What one node tells the others through PostgreSQL's {@code NOTIFY sluice}: the payload's codec (pure). A payload is a
 * letter, and for most a colon and a value: {@code q:<group>} runs were queued (the group is empty for runs of no
 * group), {@code e:<assets>} runs ended, were taken over or handed back (their asset keys, comma-separated, or
 * {@code e:*} when they are too many to name), {@code m:<asset>} a materialization was stored, {@code l} a limit
 * changed, {@code d:<node>} a node was asked to drain. A payload stays under PostgreSQL's 8,000 bytes.
 */
public sealed interface ClusterSignal {

    /** The NOTIFY channel every node listens on. */
    String CHANNEL = "sluice";

    /** Past this many bytes an ended-runs payload names no assets ({@code e:*}): PostgreSQL refuses 8,000 or more. */
    int MAX_BYTES = 7_900;

    /** The payload to send. */
    String encode();

    /** Runs were queued in a group ({@code ""}: runs of no group). */
    record Queued(String group) implements ClusterSignal {
        public Queued {
            group = group == null ? "" : group;
        }

        @Override
        public String encode() {
            return "q:" + group;
        }
    }

    /** Runs ended, were taken over or handed back; an empty set of assets means any asset ({@code e:*}). */
    record Ended(SortedSet<AssetKey> assets) implements ClusterSignal {
        public Ended {
            assets = new TreeSet<>(Objects.requireNonNull(assets, "assets"));
        }

        public static Ended of(Collection<AssetKey> assets) {
            return new Ended(new TreeSet<>(assets));
        }

        /** Whether the assets are not named (too many, or none known): a listener treats it as any asset. */
        public boolean any() {
            return assets.isEmpty();
        }

        @Override
        public String encode() {
            String named = "e:" + assets.stream().map(AssetKey::toString).collect(Collectors.joining(","));
            if (assets.isEmpty() || named.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
                return "e:*";
            }
            return named;
        }
    }

    /** A materialization of the asset was stored. */
    record Materialized(AssetKey asset) implements ClusterSignal {
        public Materialized {
            Objects.requireNonNull(asset, "asset");
        }

        @Override
        public String encode() {
            return "m:" + asset;
        }
    }

    /** A limit (of a pool or a group) was set or removed. */
    record LimitsChanged() implements ClusterSignal {
        @Override
        public String encode() {
            return "l";
        }
    }

    /** The node was asked to drain. */
    record DrainAsked(String node) implements ClusterSignal {
        public DrainAsked {
            if (node == null || node.isEmpty()) {
                throw new IllegalArgumentException("a drain signal names its node");
            }
        }

        @Override
        public String encode() {
            return "d:" + node;
        }
    }

    /** Reads a payload; empty for one this version does not understand (the caller logs it at debug and moves on). */
    static Optional<ClusterSignal> decode(String payload) {
        if (payload == null || payload.isEmpty()) {
            return Optional.empty();
        }
        if (payload.equals("l")) {
            return Optional.of(new LimitsChanged());
        }
        if (payload.length() < 2 || payload.charAt(1) != ':') {
            return Optional.empty();
        }
        String value = payload.substring(2);
        try {
            return switch (payload.charAt(0)) {
                case 'q' -> Optional.of(new Queued(value));
                case 'e' -> value.equals("*") ? Optional.of(new Ended(new TreeSet<>())) : ended(value);
                case 'm' -> Optional.of(new Materialized(AssetKey.parse(value)));
                case 'd' -> value.isEmpty() ? Optional.empty() : Optional.of(new DrainAsked(value));
                default -> Optional.empty();
            };
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Optional<ClusterSignal> ended(String value) {
        if (value.isEmpty()) {
            return Optional.empty();
        }
        Set<AssetKey> assets = new TreeSet<>();
        for (String key : value.split(",", -1)) {
            assets.add(AssetKey.parse(key));
        }
        return Optional.of(Ended.of(assets));
    }
}
