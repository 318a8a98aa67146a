package io.sluice.automation.trigger;

import io.sluice.automation.Dependency;
import io.sluice.automation.TriggerGraph;
import io.sluice.automation.TriggerPolicy;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The declared {@link AssetAutomation} beans as one {@link TriggerGraph} over the catalog, built once. A declaration for
 * an asset the catalog lacks, for a dependency the asset does not have, a second one for the same asset, or
 * {@code on_late} for an asset without a freshness policy fails the build (and so start-up) with a message naming it.
 */
@ApplicationScoped
public class TriggerDeclarations {

    private final TriggerGraph graph;

    public TriggerDeclarations(AssetCatalog catalog, Instance<AssetAutomation> declared) {
        this.graph = build(
                catalog.all().stream().map(Asset::spec).toList(),
                declared.stream().toList());
    }

    static TriggerGraph build(List<? extends io.sluice.catalog.AssetSpec<?>> specs, List<AssetAutomation> declared) {
        TriggerGraph graph = TriggerGraph.of(specs);
        Set<AssetKey> seen = new HashSet<>();
        for (AssetAutomation automation : declared) {
            AssetKey asset = automation.asset();
            if (!graph.graph().contains(asset)) {
                throw new IllegalStateException(
                        "a trigger policy (" + automation.policy().describe() + ") is declared for asset " + asset
                                + ", which is not in the catalog");
            }
            if (!seen.add(asset)) {
                throw new IllegalStateException("asset " + asset + " has more than one trigger policy declared");
            }
            if (automation.policy() instanceof TriggerPolicy.OnLate) {
                boolean declaresFreshness = specs.stream()
                        .filter(spec -> spec.key().equals(asset))
                        .anyMatch(spec -> spec.freshness().isPresent());
                if (!declaresFreshness) {
                    throw new IllegalStateException("asset " + asset
                            + " declares the trigger policy on_late but no freshness policy: declare one with"
                            + " AssetSpec.Builder#freshness (maxAge or partitionDeadline)");
                }
            }
            graph = graph.withPolicy(asset, automation.policy());
            for (Dependency dependency : automation.dependencies()) {
                try {
                    graph = graph.withDependency(asset, dependency);
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException("trigger policy of " + asset + ": " + e.getMessage(), e);
                }
            }
        }
        return graph;
    }

    public TriggerGraph graph() {
        return graph;
    }

    /** The assets that have a policy, in the catalog's order. */
    public List<AssetKey> automated() {
        return graph.graph().topologicalOrder().stream()
                .filter(a -> graph.policy(a).isPresent())
                .toList();
    }
}
