package io.sluice.automation;

import io.sluice.catalog.AssetGraph;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.partitions.PartitionMapping;
import io.sluice.partitions.PartitionsDefinition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The asset graph as the trigger evaluator sees it: each asset's partitions, its policy (if any) and how it reads each
 * upstream. A dependency reads through its declared mapping, or the default one ({@link PartitionMapping#defaultFor};
 * every upstream partition for an unpartitioned downstream, as the upstream check of a launch does).
 */
public final class TriggerGraph {

    private final AssetGraph graph;
    private final Map<AssetKey, PartitionsDefinition> partitions;
    private final Map<AssetKey, TriggerPolicy> policies;
    private final Map<AssetKey, Map<AssetKey, Dependency>> declared;
    private final Set<AssetKey> watched;

    private TriggerGraph(
            AssetGraph graph,
            Map<AssetKey, PartitionsDefinition> partitions,
            Map<AssetKey, TriggerPolicy> policies,
            Map<AssetKey, Map<AssetKey, Dependency>> declared) {
        this.graph = graph;
        this.partitions = partitions;
        this.policies = policies;
        this.declared = declared;
        Set<AssetKey> watching = new HashSet<>();
        policies.keySet().forEach(asset -> {
            watching.add(asset);
            watching.addAll(graph.upstreamOf(asset));
        });
        this.watched = Set.copyOf(watching);
    }

    public static TriggerGraph of(List<? extends AssetSpec<?>> specs) {
        Map<AssetKey, PartitionsDefinition> partitions = specs.stream()
                .collect(Collectors.toMap(
                        AssetSpec::key,
                        AssetSpec::partitions,
                        (a, b) -> {
                            throw new IllegalArgumentException("asset declared twice");
                        },
                        LinkedHashMap::new));
        AssetGraph graph = AssetGraph.of(specs.stream().collect(Collectors.toMap(AssetSpec::key, AssetSpec::deps)));
        return new TriggerGraph(graph, partitions, Map.of(), Map.of());
    }

    public TriggerGraph withPolicy(AssetKey asset, TriggerPolicy policy) {
        require(asset);
        Map<AssetKey, TriggerPolicy> more = new HashMap<>(policies);
        more.put(asset, policy);
        return new TriggerGraph(graph, partitions, Map.copyOf(more), declared);
    }

    /** Declares how {@code downstream} reads {@code dependency.upstream()}, which must be one of its dependencies. */
    public TriggerGraph withDependency(AssetKey downstream, Dependency dependency) {
        if (!graph.upstreamOf(require(downstream)).contains(dependency.upstream())) {
            throw new IllegalArgumentException("asset " + downstream + " does not depend on " + dependency.upstream());
        }
        Map<AssetKey, Map<AssetKey, Dependency>> more = new HashMap<>(declared);
        Map<AssetKey, Dependency> own = new HashMap<>(more.getOrDefault(downstream, Map.of()));
        own.put(dependency.upstream(), dependency);
        more.put(downstream, Map.copyOf(own));
        return new TriggerGraph(graph, partitions, policies, Map.copyOf(more));
    }

    public AssetGraph graph() {
        return graph;
    }

    public PartitionsDefinition partitions(AssetKey asset) {
        return partitions.get(require(asset));
    }

    public Optional<TriggerPolicy> policy(AssetKey asset) {
        return Optional.ofNullable(policies.get(asset));
    }

    /**
     * The assets whose materializations and runs an evaluation can act on: each asset with a policy and each of its
     * upstreams. A run of any other asset (and its events) gives the evaluator nothing to decide.
     */
    public Set<AssetKey> watched() {
        return watched;
    }

    /** Whether any of {@code assets} is {@link #watched()}. */
    public boolean watchesAny(Collection<AssetKey> assets) {
        return assets.stream().anyMatch(watched::contains);
    }

    /** Every dependency of {@code asset}, upstream keys in order. */
    public List<Dependency> dependencies(AssetKey asset) {
        List<Dependency> out = new ArrayList<>();
        PartitionsDefinition own = partitions(asset);
        for (AssetKey upstream : graph.upstreamOf(asset).stream().sorted().toList()) {
            Dependency found = declared.getOrDefault(asset, Map.of()).get(upstream);
            out.add(
                    found != null
                            ? found
                            : new Dependency(
                                    upstream,
                                    own.isPartitioned()
                                            ? PartitionMapping.defaultFor(partitions(upstream), own)
                                            : PartitionMapping.all(),
                                    false));
        }
        return out;
    }

    private AssetKey require(AssetKey asset) {
        if (!partitions.containsKey(asset)) {
            throw new IllegalArgumentException("asset " + asset + " is not in the graph");
        }
        return asset;
    }
}
