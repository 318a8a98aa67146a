package io.sluice.automation.trigger;

import io.sluice.automation.Dependency;
import io.sluice.automation.TriggerPolicy;
import io.sluice.catalog.AssetKey;
import java.util.List;
import java.util.Objects;

/**
 * An asset's trigger policy, declared in code beside the asset as a CDI bean (the catalog knows nothing of automation):
 * which asset, its {@link TriggerPolicy}, and how it reads some of its upstreams if not through the default mapping.
 * For example:
 *
 * <pre>{@code
 * @Produces @Singleton
 * AssetAutomation identity() {
 *     return AssetAutomation.of("transform/form_adv_firm_identity", TriggerPolicy.eager());
 * }
 * }</pre>
 *
 * Every declaration names an asset of the catalog and a dependency it has, or start-up fails saying which.
 */
public interface AssetAutomation {

    AssetKey asset();

    TriggerPolicy policy();

    /** Dependencies read through another mapping than the default one; none by default. */
    default List<Dependency> dependencies() {
        return List.of();
    }

    static AssetAutomation of(String asset, TriggerPolicy policy, Dependency... dependencies) {
        return new Declared(AssetKey.parse(asset), policy, List.of(dependencies));
    }

    /** The value a producer method returns. */
    record Declared(AssetKey asset, TriggerPolicy policy, List<Dependency> dependencies) implements AssetAutomation {
        public Declared {
            Objects.requireNonNull(asset, "asset");
            Objects.requireNonNull(policy, "policy");
            dependencies = List.copyOf(dependencies);
        }
    }
}
