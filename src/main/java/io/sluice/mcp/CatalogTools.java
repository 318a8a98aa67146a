package io.sluice.mcp;

import static io.sluice.mcp.AnalysisTool.property;
import static io.sluice.mcp.AnalysisTool.schema;

import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.runs.AssetRun;
import io.sluice.runs.AssetService;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionStatusView;
import io.sluice.runs.PartitionStatuses;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** {@code list_assets}: the catalog with each asset's lineage and freshness. */
@ApplicationScoped
class CatalogTools implements ToolGroup {

    /** An asset as the assistant sees it. */
    record AssetView(
            String key,
            String description,
            List<String> owners,
            String partitions,
            String table,
            String writeMode,
            List<String> upstream,
            List<String> downstream,
            LastRun lastRun,
            Freshness freshness) {}

    record LastRun(String runId, String status, Instant endedAt) {}

    /**
     * How current the asset is: its last materialization and its age, the upstream assets materialized since (what it
     * has not taken in yet), and, for a partitioned asset, how many partitions are in each state.
     */
    record Freshness(
            Instant lastMaterializedAt, Double ageHours, List<String> upstreamNewer, Map<String, Long> partitions) {}

    private final AssetService assets;
    private final PartitionStatuses partitions;
    private final InstantSource clock;

    CatalogTools(AssetService assets, PartitionStatuses partitions, InstantSource clock) {
        this.assets = assets;
        this.partitions = partitions;
        this.clock = clock;
    }

    @Override
    public List<AnalysisTool> tools() {
        return List.of(new AnalysisTool(
                "list_assets",
                "The catalog: every asset (or those of one group, or one asset) with its description, partitions, lake"
                        + " table and write mode, upstream and downstream assets (lineage), last run, and freshness (last"
                        + " materialization, its age in hours, upstream assets materialized since, partitions per state).",
                schema(property("group", "string", "Only the assets of this group, like raw or marts.")
                        + ","
                        + property("asset", "string", "Only this asset, like raw/form_adv_filings.")),
                Set.of("group", "asset"),
                this::list));
    }

    private List<AssetView> list(ToolInput input) {
        Optional<String> group = input.text("group");
        Optional<String> only = input.text("asset");
        List<Asset<?>> chosen = assets.all().stream()
                .filter(a -> group.map(g -> a.spec().key().group().equals(g)).orElse(true))
                .filter(a -> only.map(k -> a.spec().key().toString().equals(k)).orElse(true))
                .sorted(Comparator.comparing(a -> a.spec().key().toString()))
                .toList();
        if (chosen.isEmpty()) {
            throw new ToolRefused(only.map(k -> "no asset has the key '" + k + "'")
                            .orElse("no asset is in group '" + group.orElse("") + "'")
                    + "; call list_assets without arguments to see them all");
        }
        Map<AssetKey, Materialization> last = assets.lastMaterializations();
        Map<AssetKey, AssetRun> lastSteps = assets.lastSteps();
        Map<AssetKey, PartitionStatusView> states = partitions.summaries(chosen.stream()
                .map(a -> a.spec().key())
                .filter(k -> assets.get(k).spec().partitions().isPartitioned())
                .toList());
        Instant now = clock.instant();
        return chosen.stream()
                .map(a -> view(
                        a,
                        last,
                        lastSteps.get(a.spec().key()),
                        states.get(a.spec().key()),
                        now))
                .toList();
    }

    private AssetView view(
            Asset<?> asset,
            Map<AssetKey, Materialization> last,
            AssetRun lastStep,
            PartitionStatusView states,
            Instant now) {
        AssetSpec<?> spec = asset.spec();
        AssetKey key = spec.key();
        Optional<Instant> at = Optional.ofNullable(last.get(key)).map(Materialization::ts);
        List<String> upstreamNewer = assets.upstream(key).stream()
                .filter(u -> Optional.ofNullable(last.get(u))
                        .map(m -> at.isEmpty() || m.ts().isAfter(at.get()))
                        .orElse(false))
                .map(AssetKey::toString)
                .sorted()
                .toList();
        Map<String, Long> counts = new TreeMap<>();
        if (states != null) {
            states.counts().forEach((state, n) -> counts.put(state.name(), n));
        }
        return new AssetView(
                key.toString(),
                spec.description(),
                spec.owners(),
                spec.partitions().isPartitioned() ? spec.partitions().describe() : null,
                spec.table().map(t -> t.name()).orElse(null),
                spec.table().map(t -> t.mode().label()).orElse(null),
                keys(assets.upstream(key)),
                keys(assets.downstream(key)),
                lastStep == null
                        ? null
                        : new LastRun(
                                lastStep.runId(),
                                lastStep.step().status().name(),
                                lastStep.step().endedAt()),
                new Freshness(
                        at.orElse(null),
                        at.map(t -> Math.round(Duration.between(t, now).toMinutes() / 6.0) / 10.0)
                                .orElse(null),
                        upstreamNewer,
                        counts));
    }

    private static List<String> keys(Set<AssetKey> keys) {
        return keys.stream().map(AssetKey::toString).sorted().toList();
    }
}
