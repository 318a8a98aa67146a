package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TriggerPolicy;
import io.sluice.automation.trigger.TriggerOverview;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillService;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.lake.LakeTables;
import io.sluice.lake.TableSpec;
import io.sluice.runs.AssetRun;
import io.sluice.runs.AssetService;
import io.sluice.runs.Materialization;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunIds;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The home page: assets with their last status, the launch form, and the runs list that refreshes itself. */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class HomePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                List<AssetRow> assets,
                boolean anyPartitioned,
                List<RunRow> runs,
                List<AssetRow> statuses,
                List<BackfillRow> backfills);

        /** The runs table, plus out-of-band updates of each asset's last run, so the assets table stays current too. */
        static native TemplateInstance page$runs(List<RunRow> runs, List<AssetRow> statuses);

        static native TemplateInstance page$launched(RunRow run, BackfillRow backfill, String field, String error);

        static native TemplateInstance page$keys(List<String> keys);

        static native TemplateInstance page$backfills(List<BackfillRow> backfills);
    }

    private final AssetService assets;
    private final RunService runs;
    private final ObjectMapper mapper;

    private final BackfillService backfills;
    private final LakeTables tables;
    private final InstantSource clock;
    private final TriggerOverview triggers;

    public HomePage(
            AssetService assets,
            RunService runs,
            ObjectMapper mapper,
            BackfillService backfills,
            LakeTables tables,
            InstantSource clock,
            TriggerOverview triggers) {
        this.clock = clock;
        this.triggers = triggers;
        this.backfills = backfills;
        this.tables = tables;
        this.assets = assets;
        this.runs = runs;
        this.mapper = mapper;
    }

    @GET
    public TemplateInstance page() {
        List<AssetRow> rows = assetRows();
        return Templates.page(
                rows, rows.stream().anyMatch(AssetRow::partitioned), runRows(), List.of(), backfillRows());
    }

    private List<BackfillRow> backfillRows() {
        return BackfillPanel.rows(backfills);
    }

    @GET
    @Path("ui/runs")
    public TemplateInstance runsFragment() {
        return Templates.page$runs(runRows(), assetRows());
    }

    @GET
    @Path("ui/keys")
    public TemplateInstance keys(@QueryParam("asset") List<String> selected, @QueryParam("keys") String typed) {
        String prefix =
                typed == null ? "" : typed.substring(typed.lastIndexOf(',') + 1).trim();
        // suggestions only: an asset name that does not parse or is unknown has none
        List<String> keys = selected == null
                ? List.of()
                : selected.stream()
                        .map(HomePage::assetKey)
                        .flatMap(Optional::stream)
                        .filter(k -> assets.find(k).orElse(null) instanceof KeyedAsset<?>)
                        .findFirst()
                        .map(k -> assets.keys(k, prefix, 20))
                        .orElse(List.of());
        return Templates.page$keys(keys);
    }

    private static Optional<AssetKey> assetKey(String name) {
        try {
            return Optional.of(AssetKey.parse(name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @POST
    @Path("ui/launch")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response launch(byte[] body, @Context HttpHeaders headers) {
        // read here, from the bytes, rather than by the framework's form reader, which threw on a malformed escape (a
        // 500),
        // or as a String, which turned bytes that are not UTF-8 into U+FFFD
        Map<String, List<String>> fields = FormBody.parse(body, FormBody.charset(headers.getMediaType()));
        // a field given twice (a crafted post, or a page that repeats an input) is refused, not read as its first value
        Optional<Map.Entry<String, List<String>>> repeated = fields.entrySet().stream()
                .filter(f -> !"asset".equals(f.getKey()) && f.getValue().size() > 1)
                .findFirst();
        if (repeated.isPresent()) {
            String name = repeated.get().getKey();
            return rejected(
                    name,
                    "the field " + name + " was sent "
                            + repeated.get().getValue().size() + " times; send it once");
        }
        List<String> asset = fields.get("asset");
        String mode = first(fields, "mode");
        String keys = first(fields, "keys");
        String partitions = first(fields, "partitions");
        String config = first(fields, "config");
        String reason = first(fields, "reason");
        String as = first(fields, "as");
        String partitionsPerRun = first(fields, "partitionsPerRun");
        String maxConcurrent = first(fields, "maxConcurrent");
        try {
            LaunchForm form = LaunchForm.read(
                    asset, mode, keys, partitions, config, reason, partitionsPerRun, maxConcurrent, mapper);
            if (as != null && !as.isBlank() && !"backfill".equals(as) && !"run".equals(as)) {
                return rejected(null, "launch as 'run' or 'backfill', not '" + as + "'");
            }
            Optional<Asset<?>> partitioned = firstPartitioned(form.assets());
            if ("backfill".equals(as)) {
                if (partitioned.isEmpty() && allKnown(form.assets())) {
                    return rejected(
                            "asset",
                            "none of the selected assets is partitioned, so there is nothing to backfill: press Launch run");
                }
                Backfill b = backfills.launch(form.backfill()).backfill().orElseThrow();
                return launched(Templates.page$launched(null, BackfillRow.of(b, backfills.progress(b)), null, null));
            }
            if (partitioned.isPresent() && (partitions == null || partitions.isBlank())) {
                // the API's message points at POST /api/backfills; on this page the button does it
                AssetSpec<?> spec = partitioned.get().spec();
                return rejected(
                        "partitions",
                        "asset " + spec.key() + " is partitioned ("
                                + spec.partitions().describe() + "): type the partitions "
                                + "to materialize in Partitions (a key, or a range first...last), or press Launch as backfill to materialize every "
                                + "partition, one run each (Partitions per run sets how many a run takes)");
            }
            List<String> partitionKeys;
            try {
                partitionKeys = PartitionText.expand(
                        partitions, partitioned.map(a -> a.spec().partitions()), clock.instant());
            } catch (IllegalArgumentException e) {
                return rejected("partitions", e.getMessage());
            }
            return launched(Templates.page$launched(
                    RunRow.of(runs.launch(form.run(partitionKeys)), clock.instant()), null, null, null));
        } catch (LaunchForm.Invalid e) {
            return rejected(e.field, e.getMessage());
        } catch (RequestRejected e) {
            return rejected(LaunchForm.formField(e.field()), e.getMessage());
        } catch (IllegalArgumentException e) {
            return rejected(null, e.getMessage());
        }
    }

    private static String first(Map<String, List<String>> fields, String name) {
        List<String> values = fields.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** The runs list and the backfills panel listen for this event and refresh at once instead of at their next tick. */
    private static Response launched(TemplateInstance message) {
        return Response.ok(message).header("HX-Trigger", "launched").build();
    }

    /** 200 rather than 4xx, so that htmx swaps the message into the form; the message names the field at fault. */
    private static Response rejected(String field, String message) {
        return Response.ok(Templates.page$launched(null, null, field, message)).build();
    }

    /** The first selected asset that is partitioned. */
    private Optional<Asset<?>> firstPartitioned(List<String> selected) {
        return (selected == null ? List.<String>of() : selected)
                .stream()
                        .map(this::known)
                        .flatMap(Optional::stream)
                        .filter(a -> a.spec().partitions().isPartitioned())
                        .findFirst();
    }

    /** Some assets are selected and each is in the catalog (otherwise the launch itself names the one at fault). */
    private boolean allKnown(List<String> selected) {
        return selected != null && !selected.isEmpty() && selected.stream().allMatch(k -> known(k).isPresent());
    }

    private Optional<Asset<?>> known(String key) {
        return assetKey(key).flatMap(assets::find);
    }

    private List<AssetRow> assetRows() {
        Map<AssetKey, AssetRun> last = assets.lastSteps();
        return assets.all().stream()
                .map(a -> {
                    AssetKey key = a.spec().key();
                    String upstream = assets.upstream(key).stream()
                            .sorted()
                            .map(AssetKey::toString)
                            .collect(Collectors.joining(", "));
                    Materialization materialization =
                            assets.lastMaterialization(key).orElse(null);
                    Optional<String> table = tableOf(a, materialization);
                    return AssetRow.of(
                            a,
                            upstream,
                            last.get(key),
                            materialization,
                            table,
                            table.flatMap(this::tableRows),
                            triggers.policy(key).map(TriggerPolicy::describe).orElse(""),
                            lastEvaluation(key));
                })
                .toList();
    }

    /**
     * The lake table of the asset: the one it declares, or else the one its last materialization names in its metadata
     * ({@code "table"}), as an asset that writes its table itself does.
     */
    private Optional<String> tableOf(Asset<?> asset, Materialization materialization) {
        Optional<String> declared = asset.spec().table().map(TableSpec::name);
        if (declared.isPresent() || materialization == null || materialization.metadataJson() == null) {
            return declared;
        }
        try {
            JsonNode named = mapper.readTree(materialization.metadataJson()).get("table");
            return named != null && named.isTextual() ? Optional.of(named.asText()) : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** The rows the lake table holds now; empty when it is not written yet or the lake does not answer. */
    private Optional<Long> tableRows(String table) {
        try {
            return tables.table(table).map(LakeTables.TableInfo::currentRows);
        } catch (RuntimeException e) {
            return Optional.empty(); // the page still shows; the readiness check reports the lake
        }
    }

    /** What the asset's last trigger evaluation decided, in a few words; empty if it has none. */
    private String lastEvaluation(AssetKey key) {
        if (triggers.policy(key).isEmpty()) {
            return "";
        }
        return triggers.evaluations(key, 1).stream()
                .findFirst()
                .map(t -> {
                    TickOutcome outcome = t.tick().outcome();
                    String what = outcome instanceof TickOutcome.Launched l
                            ? "launched " + RunIds.shortForm(l.runIds().get(0))
                            : outcome instanceof TickOutcome.Skipped s
                                    ? "held: " + s.reason()
                                    : "failed: " + ((TickOutcome.Failed) outcome).error();
                    return what + " (" + Format.time(t.tick().evaluatedAt()) + " UTC)";
                })
                .orElse("not evaluated yet");
    }

    private List<RunRow> runRows() {
        Instant now = clock.instant();
        return runs.list(RunQuery.latest(25).withoutQueuedGroupRuns()).stream()
                .map(r -> RunRow.of(r, now))
                .toList();
    }
}
