package io.sluice.catalog;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** The dependency graph of the catalog. Pure: built from specs, checked for missing assets and cycles. */
public final class AssetGraph {

    private final SortedMap<AssetKey, Set<AssetKey>> upstream;
    private final Map<AssetKey, Set<AssetKey>> downstream;
    private final List<AssetKey> topologicalOrder;

    private AssetGraph(SortedMap<AssetKey, Set<AssetKey>> upstream) {
        this.upstream = upstream;
        this.downstream = new HashMap<>();
        upstream.keySet().forEach(k -> downstream.put(k, new TreeSet<>()));
        upstream.forEach((k, ups) -> ups.forEach(u -> downstream.get(u).add(k)));
        this.topologicalOrder = sort(upstream);
    }

    /** Builds the graph of {@code deps} (asset to its upstream assets). */
    public static AssetGraph of(Map<AssetKey, Set<AssetKey>> deps) {
        SortedMap<AssetKey, Set<AssetKey>> upstream = new TreeMap<>();
        deps.forEach((k, v) -> upstream.put(k, Set.copyOf(new TreeSet<>(v))));
        List<String> missing = new ArrayList<>();
        upstream.forEach((k, ups) -> ups.stream()
                .filter(u -> !upstream.containsKey(u))
                .sorted()
                .forEach(u -> missing.add("asset " + k + " depends on " + u + ", which is not declared")));
        if (!missing.isEmpty()) {
            throw new CatalogException(String.join("; ", missing));
        }
        return new AssetGraph(upstream);
    }

    private static List<AssetKey> sort(SortedMap<AssetKey, Set<AssetKey>> upstream) {
        List<AssetKey> order = new ArrayList<>();
        Set<AssetKey> done = new HashSet<>();
        Deque<AssetKey> path = new ArrayDeque<>();
        for (AssetKey k : upstream.keySet()) {
            visit(k, upstream, done, path, order);
        }
        return List.copyOf(order);
    }

    private static void visit(
            AssetKey k,
            Map<AssetKey, Set<AssetKey>> upstream,
            Set<AssetKey> done,
            Deque<AssetKey> path,
            List<AssetKey> order) {
        if (done.contains(k)) {
            return;
        }
        if (path.contains(k)) {
            List<AssetKey> cycle = new ArrayList<>();
            List<AssetKey> stack = new ArrayList<>(path);
            Collections.reverse(stack);
            cycle.addAll(stack.subList(stack.indexOf(k), stack.size()));
            cycle.add(k);
            throw new CatalogException("dependency cycle: "
                    + cycle.stream().map(AssetKey::toString).collect(Collectors.joining(" -> ")));
        }
        path.push(k);
        for (AssetKey u : new TreeSet<>(upstream.get(k))) {
            visit(u, upstream, done, path, order);
        }
        path.pop();
        done.add(k);
        order.add(k);
    }

    public boolean contains(AssetKey key) {
        return upstream.containsKey(key);
    }

    public Set<AssetKey> keys() {
        return upstream.keySet();
    }

    public Set<AssetKey> upstreamOf(AssetKey key) {
        return upstream.getOrDefault(key, Set.of());
    }

    public Set<AssetKey> downstreamOf(AssetKey key) {
        return downstream.getOrDefault(key, Set.of());
    }

    /** Every asset, upstream before downstream; ties broken by key. */
    public List<AssetKey> topologicalOrder() {
        return topologicalOrder;
    }

    /** The given assets in dependency order (upstream first). */
    public List<AssetKey> inDependencyOrder(Collection<AssetKey> selection) {
        Set<AssetKey> wanted = new LinkedHashSet<>(selection);
        return topologicalOrder.stream().filter(wanted::contains).toList();
    }
}
