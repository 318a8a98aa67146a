package io.sluice.web;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The lineage graph of the catalog, as the lineage page draws it: pure, built from each asset's key, upstream and last
 * run status. Assets are placed in layers (an asset one layer right of its deepest upstream asset, sources in layer 0)
 * and ordered within a layer by the mean position of their upstream assets (one barycentre sweep, ties by key), so
 * that the page can draw a large graph from these positions without a layout library. With a group filter only that
 * group's assets are nodes, and their links to other groups are kept as names ({@code upstream}, {@code downstream}).
 */
public record LineageGraph(List<String> groups, String group, List<Node> nodes, List<Edge> edges, int layers) {

    /** An asset as the builder reads it. {@code status} is its last run's status, or {@code NEVER}. */
    public record Asset(
            String key,
            String description,
            boolean partitioned,
            String status,
            Set<String> upstream,
            String freshness) {

        /** An asset without a freshness policy. */
        public Asset(String key, String description, boolean partitioned, String status, Set<String> upstream) {
            this(key, description, partitioned, status, upstream, "");
        }
    }

    /**
     * A node: its layer (column) and row within the layer; {@code freshness} is {@code fresh}, {@code warning},
     * {@code stale} or empty without a policy.
     */
    public record Node(
            String key,
            String group,
            String name,
            String description,
            boolean partitioned,
            String status,
            int layer,
            int row,
            List<String> upstream,
            List<String> downstream,
            String freshness) {}

    public record Edge(String from, String to) {}

    /** The nodes of one layer, for the page's list without JavaScript. */
    public record Layer(int index, List<Node> nodes) {}

    /**
     * Builds the graph of {@code assets}, restricted to {@code group} when given. An upstream key that is not among the
     * assets (the catalog refuses those at start-up) is ignored.
     */
    public static LineageGraph of(Collection<Asset> assets, Optional<String> group) {
        Map<String, Asset> byKey = new TreeMap<>();
        assets.forEach(a -> byKey.put(a.key(), a));
        Map<String, Set<String>> downstream = new HashMap<>();
        byKey.values()
                .forEach(a -> a.upstream().stream()
                        .filter(byKey::containsKey)
                        .forEach(u -> downstream
                                .computeIfAbsent(u, k -> new TreeSet<>())
                                .add(a.key())));
        List<String> groups = byKey.keySet().stream()
                .map(LineageGraph::groupOf)
                .distinct()
                .sorted()
                .toList();
        List<String> shown = byKey.keySet().stream()
                .filter(k -> group.isEmpty() || groupOf(k).equals(group.get()))
                .toList();
        Set<String> inGraph = new TreeSet<>(shown);
        Map<String, List<String>> ups = new HashMap<>();
        for (String k : shown) {
            ups.put(
                    k,
                    byKey.get(k).upstream().stream()
                            .filter(inGraph::contains)
                            .sorted()
                            .toList());
        }
        Map<String, Integer> layer = layers(shown, ups);
        int layerCount = layer.values().stream().mapToInt(i -> i + 1).max().orElse(0);
        Map<String, Integer> row = rows(shown, ups, layer, layerCount);
        List<Node> nodes = new ArrayList<>();
        List<Edge> edges = new ArrayList<>();
        for (String k : shown) {
            Asset a = byKey.get(k);
            nodes.add(new Node(
                    k,
                    groupOf(k),
                    k.substring(k.lastIndexOf('/') + 1),
                    a.description() == null ? "" : a.description(),
                    a.partitioned(),
                    a.status(),
                    layer.get(k),
                    row.get(k),
                    a.upstream().stream().filter(byKey::containsKey).sorted().toList(),
                    List.copyOf(downstream.getOrDefault(k, Set.of())),
                    a.freshness() == null ? "" : a.freshness()));
            ups.get(k).forEach(u -> edges.add(new Edge(u, k)));
        }
        nodes.sort(Comparator.comparingInt(Node::layer).thenComparingInt(Node::row));
        return new LineageGraph(groups, group.orElse(""), List.copyOf(nodes), List.copyOf(edges), layerCount);
    }

    /** The nodes layer by layer, each in its row order. */
    public List<Layer> byLayer() {
        List<Layer> result = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            int index = i;
            result.add(
                    new Layer(i, nodes.stream().filter(n -> n.layer() == index).toList()));
        }
        return result;
    }

    /** The widest layer's node count. */
    public int rows() {
        return byLayer().stream().mapToInt(l -> l.nodes().size()).max().orElse(0);
    }

    static String groupOf(String key) {
        return key.substring(0, key.lastIndexOf('/'));
    }

    /** Longest path from a source, in an order where upstream comes first (memoised depth-first, no recursion). */
    private static Map<String, Integer> layers(List<String> keys, Map<String, List<String>> ups) {
        Map<String, Integer> layer = new HashMap<>();
        for (String start : keys) {
            if (layer.containsKey(start)) {
                continue;
            }
            List<String> stack = new ArrayList<>(List.of(start));
            while (!stack.isEmpty()) {
                String k = stack.get(stack.size() - 1);
                if (layer.containsKey(k)) {
                    stack.remove(stack.size() - 1);
                    continue;
                }
                List<String> pending =
                        ups.get(k).stream().filter(u -> !layer.containsKey(u)).toList();
                if (pending.isEmpty() || stack.size() > keys.size()) {
                    // the catalog has no cycles; the size guard keeps a cyclic input from looping forever
                    layer.put(
                            k,
                            ups.get(k).stream()
                                    .mapToInt(u -> layer.getOrDefault(u, -1) + 1)
                                    .max()
                                    .orElse(0));
                    stack.remove(stack.size() - 1);
                } else {
                    stack.addAll(pending);
                }
            }
        }
        return layer;
    }

    /** Row within each layer: layer 0 by key, then each layer by the mean row of its upstream nodes, ties by key. */
    private static Map<String, Integer> rows(
            List<String> keys, Map<String, List<String>> ups, Map<String, Integer> layer, int layerCount) {
        List<List<String>> columns = new ArrayList<>();
        for (int i = 0; i < layerCount; i++) {
            columns.add(new ArrayList<>());
        }
        keys.forEach(k -> columns.get(layer.get(k)).add(k)); // keys are sorted
        Map<String, Integer> row = new HashMap<>();
        for (List<String> column : columns) {
            Map<String, Double> weight = new HashMap<>();
            for (String k : column) {
                weight.put(k, ups.get(k).stream().mapToInt(row::get).average().orElse(Double.MAX_VALUE));
            }
            column.sort(Comparator.<String>comparingDouble(weight::get).thenComparing(Comparator.naturalOrder()));
            for (int i = 0; i < column.size(); i++) {
                row.put(column.get(i), i);
            }
        }
        return row;
    }
}
