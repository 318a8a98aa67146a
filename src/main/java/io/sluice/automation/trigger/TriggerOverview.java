package io.sluice.automation.trigger;

import io.sluice.automation.StoredTick;
import io.sluice.automation.TickRecord;
import io.sluice.automation.TriggerPolicy;
import io.sluice.catalog.AssetKey;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the API and the home page show of triggers: each automated asset's policy and its last evaluations. */
@ApplicationScoped
public class TriggerOverview {

    /** An automated asset: its policy as users write it, and its newest evaluations first. */
    public record AssetTrigger(AssetKey asset, TriggerPolicy policy, List<StoredTick> evaluations) {}

    private final TriggerDeclarations declarations;
    private final io.sluice.automation.AutomationStore store;
    private final TriggerSettings settings;

    public TriggerOverview(
            TriggerDeclarations declarations, io.sluice.automation.AutomationStore store, TriggerSettings settings) {
        this.declarations = declarations;
        this.store = store;
        this.settings = settings;
    }

    /** Whether this process evaluates policies (they are shown either way). */
    public boolean enabled() {
        return settings.enabled();
    }

    /** Every asset with a policy, in dependency order, with at most {@code limit} evaluations each. */
    public List<AssetTrigger> all(int limit) {
        return declarations.automated().stream()
                .map(a -> new AssetTrigger(a, declarations.graph().policy(a).orElseThrow(), evaluations(a, limit)))
                .toList();
    }

    /** The asset's policy, if it has one. */
    public Optional<TriggerPolicy> policy(AssetKey asset) {
        return declarations.graph().graph().contains(asset)
                ? declarations.graph().policy(asset)
                : Optional.empty();
    }

    public List<StoredTick> evaluations(AssetKey asset, int limit) {
        return store.ticks(TickRecord.Source.TRIGGER, asset.toString(), limit, Optional.empty());
    }

    /** The newest evaluation of each of these assets' policies, in one read (assets never evaluated are absent). */
    public Map<AssetKey, StoredTick> lastEvaluations(Collection<AssetKey> assets) {
        Map<String, AssetKey> byName = new HashMap<>();
        for (AssetKey a : assets) {
            if (policy(a).isPresent()) {
                byName.put(a.toString(), a);
            }
        }
        Map<AssetKey, StoredTick> last = new HashMap<>();
        store.newest(TickRecord.Source.TRIGGER, byName.keySet())
                .forEach((name, tick) -> last.put(byName.get(name), tick));
        return last;
    }

    /** The newest evaluations of every asset's policy, newest first: at most {@code limit}, in one read. */
    public List<StoredTick> recentEvaluations(int limit) {
        return store.recent(TickRecord.Source.TRIGGER, limit);
    }

    public int shownEvaluations() {
        return settings.shownEvaluations();
    }
}
