package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.automation.TriggerPolicy;
import io.sluice.automation.trigger.TriggerOverview;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.ConfigSchema;
import io.sluice.freshness.FreshnessService;
import io.sluice.lake.LakeTables;
import io.sluice.lake.LakeUnavailable;
import io.sluice.lake.TableSpec;
import io.sluice.runs.AssetRun;
import io.sluice.runs.AssetService;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionState;
import io.sluice.runs.PartitionStatusView;
import io.sluice.runs.PartitionStatuses;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunIds;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The asset page ({@code /assets/{key}}, the key's two or more segments as path segments): what the asset is, its upstream and downstream, its partition health
 * bar, its materialization history with a rows chart, and its checks; an unknown asset is a readable 404 page.
 */
@Path("/assets/{key: [^/]+(?:/[^/]+)*}")
@Produces(MediaType.TEXT_HTML)
public class AssetPage {

    /** Materializations and check results the page lists. */
    static final int HISTORY = 50;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(AssetPageView view);

        static native TemplateInstance missing(String key, String reason);
    }

    /** Ranges of one status the partitions filter lists. */
    static final int RANGES = 100;

    private final AssetService assets;
    private final PartitionStatuses partitions;
    private final TriggerOverview triggers;
    private final ObjectMapper mapper;
    private final LakeTables tables;
    private final FreshnessService freshness;

    public AssetPage(
            AssetService assets,
            PartitionStatuses partitions,
            TriggerOverview triggers,
            ObjectMapper mapper,
            LakeTables tables,
            FreshnessService freshness) {
        this.freshness = freshness;
        this.tables = tables;
        this.assets = assets;
        this.partitions = partitions;
        this.triggers = triggers;
        this.mapper = mapper;
    }

    @GET
    public Response page(@PathParam("key") String key, @QueryParam("status") List<String> status) {
        Asset<?> asset;
        try {
            asset = assets.get(key);
        } catch (RequestRejected e) {
            return Response.status(404)
                    .entity(Templates.missing(key.replaceAll("\\p{Cntrl}", "\uFFFD"), e.getMessage()))
                    .build();
        }
        Optional<PartitionState> only = Optional.empty();
        String error = null;
        if (status != null && status.size() > 1) {
            error = "give the status at most once; got " + status.size();
        } else if (status != null && status.size() == 1 && !status.get(0).isBlank()) {
            try {
                only = Optional.of(PartitionState.valueOf(status.get(0).trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                error = "status must be one of " + Arrays.toString(PartitionState.values()) + ", got '"
                        + TablePage.shown(status.get(0)) + "'";
            }
        }
        return Response.status(error == null ? 200 : 400)
                .entity(Templates.page(view(asset, only, error)))
                .build();
    }

    private AssetPageView view(Asset<?> asset, Optional<PartitionState> only, String filterError) {
        AssetSpec<?> spec = asset.spec();
        AssetKey key = spec.key();
        Optional<AssetRun> last = assets.lastStep(key);
        List<Materialization> history = assets.materializationHistory(key, HISTORY);
        List<RecordedCheck> latest = assets.latestChecks(key);
        HealthBar bar = null;
        String health = "";
        AssetPageView.Ranges ranges = null;
        if (spec.partitions().isPartitioned()) {
            PartitionStatusView view = partitions.of(key, Optional.empty());
            bar = HealthBar.of(view, HealthBar.MAX_SEGMENTS);
            health = HealthBar.summary(view);
            ranges = AssetPageView.Ranges.of(key.toString(), view, only, filterError, RANGES);
        }
        Materialization m = history.isEmpty() ? null : history.get(0);
        AssetsPageRow row = new AssetsPageRow(
                        key.toString(),
                        key.group(),
                        key.pathAfterGroup(),
                        spec.description(),
                        spec.owners(),
                        AssetsPage.tags(spec),
                        AssetsPage.kinds(asset),
                        last.map(r -> r.step().status().name()).orElse("NEVER"),
                        last.map(AssetRun::runId).orElse(""),
                        last.map(r -> RunIds.shortForm(r.runId())).orElse(""),
                        m == null ? "" : Format.time(m.ts()),
                        m == null ? "" : Format.iso(m.ts()),
                        health,
                        0,
                        AssetsPage.checkOutcome(latest),
                        AssetsPage.checkSummary(latest),
                        triggers.policy(key).map(TriggerPolicy::describe).orElse(""))
                .withFreshness(freshness.view(key).orElse(null));
        return new AssetPageView(
                row,
                spec.partitions().isPartitioned() ? spec.partitions().describe() : "",
                schema(spec),
                spec.table().map(t -> table(t, key)).orElse(null),
                assets.upstream(key).stream().sorted().map(AssetKey::toString).toList(),
                assets.downstream(key).stream().sorted().map(AssetKey::toString).toList(),
                bar,
                health,
                ranges,
                history.stream()
                        .map(h -> new AssetPageView.History(
                                Format.time(h.ts()),
                                Format.iso(h.ts()),
                                h.runId(),
                                RunIds.shortForm(h.runId()),
                                h.partition() == null ? "" : h.partition(),
                                Format.count(h.rowsWritten()),
                                Format.millis(h.durationMs())))
                        .toList(),
                AssetPageChart.of(history),
                latest.stream().map(CheckRow::of).toList(),
                assets.checkHistory(key, HISTORY).stream()
                        .map(c -> new AssetPageView.Check(
                                CheckRow.of(c), Format.time(c.ts()), c.runId(), RunIds.shortForm(c.runId())))
                        .toList());
    }

    /** The asset's table as the lake has it now: its schema and current rows (none before its first write). */
    private AssetPageView.Table table(TableSpec spec, AssetKey key) {
        Optional<LakeTables.TableInfo> info;
        try {
            info = tables.table(spec.name());
        } catch (LakeUnavailable e) {
            // a node without the lake still shows the asset; what the lake holds is read on the lake's node
            return new AssetPageView.Table(spec.name(), spec.mode().label(), false, "", List.of(), e.getMessage());
        }
        return new AssetPageView.Table(
                spec.name(),
                spec.mode().label(),
                info.isPresent(),
                info.map(i -> Format.count(i.currentRows())).orElse(""),
                info.map(TablePage::columns).orElse(List.of()),
                "");
    }

    private String schema(AssetSpec<?> spec) {
        try {
            return mapper.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(ConfigSchema.of(spec.configType(), spec.defaultConfig()));
        } catch (JsonProcessingException e) {
            return "{}";
        }
    }
}
