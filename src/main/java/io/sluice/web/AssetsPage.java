package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.automation.TriggerPolicy;
import io.sluice.automation.trigger.TriggerOverview;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.freshness.FreshnessService;
import io.sluice.freshness.FreshnessView;
import io.sluice.lake.AssetCheck;
import io.sluice.runs.AssetRun;
import io.sluice.runs.AssetService;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionState;
import io.sluice.runs.PartitionStatusView;
import io.sluice.runs.PartitionStatuses;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RunIds;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** The asset catalog: every asset with its last materialization, partition health, checks and automation, filtered by the query string. */
@Path("/assets")
@Produces(MediaType.TEXT_HTML)
public class AssetsPage {

    /** The choices of the filter form, from the catalog. */
    public record Choices(
            List<String> groups, List<String> tags, List<String> owners, List<String> kinds, List<String> statuses) {}

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                List<AssetsPageRow> rows, int total, AssetsPageFilter filter, Choices choices, String error);

        static native TemplateInstance page$rows(List<AssetsPageRow> rows, int total, AssetsPageFilter filter);
    }

    private final AssetService assets;
    private final PartitionStatuses partitions;
    private final TriggerOverview triggers;

    private final FreshnessService freshness;

    public AssetsPage(
            AssetService assets, PartitionStatuses partitions, TriggerOverview triggers, FreshnessService freshness) {
        this.freshness = freshness;
        this.assets = assets;
        this.partitions = partitions;
        this.triggers = triggers;
    }

    @GET
    public Response page(@Context UriInfo uri, @Context jakarta.ws.rs.core.HttpHeaders headers) {
        List<AssetsPageRow> all = rows();
        Choices choices = choices(all);
        AssetsPageFilter filter;
        try {
            filter = AssetsPageFilter.read(uri.getQueryParameters());
        } catch (AssetsPageFilter.Invalid e) {
            // the whole catalog with the message, so the form can be corrected; 400 says the address was wrong
            return Response.status(400)
                    .entity(Templates.page(all, all.size(), AssetsPageFilter.none(), choices, e.getMessage()))
                    .build();
        }
        List<AssetsPageRow> shown = filter.apply(all);
        if (headers.getHeaderString("HX-Request") != null) {
            return Response.ok(Templates.page$rows(shown, all.size(), filter)).build();
        }
        return Response.ok(Templates.page(shown, all.size(), filter, choices, null))
                .build();
    }

    /**
     * Every asset's row. Each column is read for all assets at once (last steps, last materializations, partition
     * counts, latest checks): a bounded number of reads whatever the size of the catalog.
     */
    private List<AssetsPageRow> rows() {
        Map<AssetKey, AssetRun> last = assets.lastSteps();
        Map<AssetKey, Materialization> materialized = assets.lastMaterializations();
        Map<AssetKey, List<RecordedCheck>> checks = assets.latestChecks();
        Map<AssetKey, PartitionStatusView> health = partitions.summaries(assets.keys());
        Map<AssetKey, FreshnessView> fresh = freshness.views();
        return assets.all().stream()
                .map(a -> {
                    AssetKey key = a.spec().key();
                    return row(
                                    a,
                                    last.get(key),
                                    materialized.get(key),
                                    Optional.ofNullable(health.get(key)),
                                    checks.getOrDefault(key, List.of()))
                            .withFreshness(fresh.get(key));
                })
                .toList();
    }

    private AssetsPageRow row(
            Asset<?> asset,
            AssetRun last,
            Materialization m,
            Optional<PartitionStatusView> partitionHealth,
            List<RecordedCheck> checks) {
        AssetSpec<?> spec = asset.spec();
        AssetKey key = spec.key();
        String health = partitionHealth.map(HealthBar::summary).orElse("");
        long failed = partitionHealth
                .map(v -> v.counts().getOrDefault(PartitionState.FAILED, 0L))
                .orElse(0L);
        return new AssetsPageRow(
                key.toString(),
                key.group(),
                key.pathAfterGroup(),
                spec.description(),
                spec.owners(),
                tags(spec),
                kinds(asset),
                last == null ? AssetsPageFilter.NEVER : last.step().status().name(),
                last == null ? "" : last.runId(),
                last == null ? "" : RunIds.shortForm(last.runId()),
                m == null ? "" : Format.time(m.ts()),
                m == null ? "" : Format.iso(m.ts()),
                health,
                failed,
                checkOutcome(checks),
                checkSummary(checks),
                triggers.policy(key).map(TriggerPolicy::describe).orElse(""));
    }

    static List<String> tags(AssetSpec<?> spec) {
        return spec.tags().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .sorted()
                .toList();
    }

    static List<String> kinds(Asset<?> asset) {
        List<String> kinds = new ArrayList<>();
        if (asset.spec().partitions().isPartitioned()) {
            kinds.add("partitioned");
        }
        if (asset instanceof KeyedAsset<?>) {
            kinds.add("keyed");
        }
        if (asset.spec().table().isPresent()) {
            kinds.add("table");
        }
        return kinds;
    }

    /** "failed" if a blocking check failed, "warning" if only warnings did, "passed", or empty if none ran. */
    static String checkOutcome(List<RecordedCheck> checks) {
        if (checks.isEmpty()) {
            return "";
        }
        if (checks.stream().anyMatch(c -> c.result().blocksPublish())) {
            return "failed";
        }
        if (checks.stream().anyMatch(c -> !c.result().passed() && c.result().severity() == AssetCheck.Severity.WARN)) {
            return "warning";
        }
        return "passed";
    }

    /** "3 of 4 passed". */
    static String checkSummary(List<RecordedCheck> checks) {
        long passed = checks.stream().filter(c -> c.result().passed()).count();
        return passed + " of " + checks.size() + " passed";
    }

    private static Choices choices(List<AssetsPageRow> rows) {
        TreeSet<String> groups = new TreeSet<>();
        TreeSet<String> tags = new TreeSet<>();
        TreeSet<String> owners = new TreeSet<>();
        for (AssetsPageRow r : rows) {
            groups.add(r.group());
            tags.addAll(r.tags());
            owners.addAll(r.owners());
        }
        return new Choices(
                List.copyOf(groups),
                List.copyOf(tags),
                List.copyOf(owners),
                AssetsPageFilter.KIND_VALUES,
                AssetsPageFilter.statuses());
    }
}
