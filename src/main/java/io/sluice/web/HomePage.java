package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetRun;
import io.sluice.runs.AssetService;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.resteasy.reactive.RestForm;

/** The home page: assets with their last status, the launch form, and the runs list that refreshes itself. */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class HomePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(List<AssetRow> assets, boolean anyPartitioned, List<RunRow> runs, List<AssetRow> statuses,
                                            List<BackfillRow> backfills);

        /** The runs table, plus out-of-band updates of each asset's last run, so the assets table stays current too. */
        static native TemplateInstance page$runs(List<RunRow> runs, List<AssetRow> statuses);

        static native TemplateInstance page$launched(RunRow run, BackfillRow backfill, String field, String error);

        static native TemplateInstance page$keys(List<String> keys);

        static native TemplateInstance page$backfills(List<BackfillRow> backfills);
    }

    private final AssetService assets;
    private final RunService runs;
    private final com.fasterxml.jackson.databind.ObjectMapper mapper;

    private final io.sluice.backfill.BackfillService backfills;

    public HomePage(AssetService assets, RunService runs, com.fasterxml.jackson.databind.ObjectMapper mapper, io.sluice.backfill.BackfillService backfills) {
        this.backfills = backfills;
        this.assets = assets;
        this.runs = runs;
        this.mapper = mapper;
    }

    @GET
    public TemplateInstance page() {
        List<AssetRow> rows = assetRows();
        return Templates.page(rows, rows.stream().anyMatch(AssetRow::partitioned), runRows(), List.of(), backfillRows());
    }

    @GET
    @Path("ui/backfills")
    public TemplateInstance backfillsFragment() {
        return Templates.page$backfills(backfillRows());
    }

    private List<BackfillRow> backfillRows() {
        return backfills.list(10, 0).stream().map(b -> BackfillRow.of(b, backfills.progress(b))).toList();
    }

    @GET
    @Path("ui/runs")
    public TemplateInstance runsFragment() {
        return Templates.page$runs(runRows(), assetRows());
    }

    @GET
    @Path("ui/keys")
    public TemplateInstance keys(@QueryParam("asset") List<String> selected, @QueryParam("keys") String typed) {
        String prefix = typed == null ? "" : typed.substring(typed.lastIndexOf(',') + 1).trim();
        List<String> keys = selected == null ? List.of() : selected.stream()
                .map(AssetKey::parse)
                .filter(k -> assets.get(k) instanceof io.sluice.catalog.KeyedAsset<?>)
                .findFirst().map(k -> assets.keys(k, prefix, 20)).orElse(List.of());
        return Templates.page$keys(keys);
    }

    @POST
    @Path("ui/launch")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response launch(@RestForm List<String> asset, @RestForm String mode, @RestForm String keys,
                           @RestForm String partitions, @RestForm String config, @RestForm String reason, @RestForm String as,
                           @RestForm String partitionsPerRun, @RestForm String maxConcurrent) {
        try {
            MaterializationMode m = mode == null || mode.isBlank() ? MaterializationMode.INCREMENTAL : MaterializationMode.valueOf(mode);
            Map<String, Object> cfg = config == null || config.isBlank() ? Map.of()
                    : mapper.readValue(config, new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() { });
            if ("backfill".equals(as)) {
                return launchBackfill(asset, m, keys, partitions, cfg, reason, partitionsPerRun, maxConcurrent);
            }
            List<String> partitionKeys;
            try {
                partitionKeys = PartitionText.expand(partitions, partitionsOf(asset), java.time.Instant.now());
            } catch (IllegalArgumentException e) {
                return rejected("partitions", e.getMessage());
            }
            Run run = runs.launch(new RunRequest(asset, m, split(keys), partitionKeys, cfg, blankToNull(reason), "web-ui"));
            // The runs list listens for this event and refreshes at once instead of at its next tick.
            return Response.ok(Templates.page$launched(RunRow.of(run), null, null, null)).header("HX-Trigger", "launched").build();
        } catch (RequestRejected e) {
            return rejected(e.field(), e.getMessage());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return rejected("config", "not a JSON object: " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            return rejected(null, e.getMessage());
        }
    }

    /** The form's selection as a backfill: ranges and keys of the partitions field, split and throttled as asked. */
    private Response launchBackfill(List<String> asset, MaterializationMode mode, String keys, String partitions, Map<String, Object> config,
                                    String reason, String partitionsPerRun, String maxConcurrent) {
        List<io.sluice.backfill.BackfillRequest.Range> ranges = new java.util.ArrayList<>();
        List<String> explicit = new java.util.ArrayList<>();
        for (String token : split(partitions)) {
            int dots = token.indexOf(PartitionText.RANGE);
            if (dots < 0) {
                explicit.add(token);
            } else {
                ranges.add(new io.sluice.backfill.BackfillRequest.Range(token.substring(0, dots), token.substring(dots + PartitionText.RANGE.length())));
            }
        }
        int perRun;
        int limit;
        try {
            perRun = partitionsPerRun == null || partitionsPerRun.isBlank() ? 1 : Integer.parseInt(partitionsPerRun.trim());
        } catch (NumberFormatException e) {
            return rejected("partitionsPerRun", "not a whole number: " + partitionsPerRun);
        }
        try {
            limit = maxConcurrent == null || maxConcurrent.isBlank() ? 0 : Integer.parseInt(maxConcurrent.trim());
        } catch (NumberFormatException e) {
            return rejected("maxConcurrent", "not a whole number: " + maxConcurrent);
        }
        try {
            io.sluice.backfill.BackfillService.Launch launched = backfills.launch(new io.sluice.backfill.BackfillRequest(asset, ranges, explicit,
                    false, mode, split(keys), config, blankToNull(reason), perRun, false, io.sluice.backfill.RunOrder.OLDEST_FIRST, limit, false,
                    "web-ui"));
            io.sluice.backfill.Backfill b = launched.backfill().orElseThrow();
            return Response.ok(Templates.page$launched(null, BackfillRow.of(b, backfills.progress(b)), null, null))
                    .header("HX-Trigger", "launched").build();
        } catch (RequestRejected e) {
            String field = e.field() == null ? null : e.field().startsWith("ranges") ? "partitions" : e.field().replaceAll("\\[\\d+\\].*", "");
            return rejected(field, e.getMessage());
        }
    }

    @POST
    @Path("ui/backfills/{id}/{action}")
    public TemplateInstance steer(@jakarta.ws.rs.PathParam("id") String id, @jakarta.ws.rs.PathParam("action") String action) {
        try {
            switch (action) {
                case "pause" -> backfills.pause(id, "web-ui", "paused from the home page");
                case "resume" -> backfills.resume(id, "web-ui", "resumed from the home page");
                case "cancel" -> backfills.cancel(id, "web-ui", "canceled from the home page");
                case "retry-failed" -> backfills.retryFailed(id, "web-ui", "retried from the home page");
                default -> throw new jakarta.ws.rs.NotFoundException("no backfill action " + action);
            }
        } catch (RequestRejected e) {
            // already in another state (someone else steered it): the refreshed table shows how it is now
        }
        return Templates.page$backfills(backfillRows());
    }

    /** 200 rather than 4xx, so that htmx swaps the message into the form; the message names the field at fault. */
    private static Response rejected(String field, String message) {
        return Response.ok(Templates.page$launched(null, null, field, message)).build();
    }

    private static List<String> split(String text) {
        return text == null || text.isBlank() ? List.of()
                : Arrays.stream(text.split("[,\\s]+")).filter(s -> !s.isBlank()).toList();
    }

    /** The partitions of the first selected asset that is partitioned. */
    private java.util.Optional<io.sluice.partitions.PartitionsDefinition> partitionsOf(List<String> selected) {
        return (selected == null ? List.<String>of() : selected).stream().map(k -> {
            try {
                return assets.get(AssetKey.parse(k));
            } catch (RuntimeException e) {
                return null; // the launch itself names the unknown asset
            }
        }).filter(java.util.Objects::nonNull).map(a -> a.spec().partitions()).filter(io.sluice.partitions.PartitionsDefinition::isPartitioned)
                .findFirst();
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }

    private List<AssetRow> assetRows() {
        Map<AssetKey, AssetRun> last = assets.lastSteps();
        return assets.all().stream().map(a -> {
            AssetKey key = a.spec().key();
            String upstream = assets.upstream(key).stream().sorted().map(AssetKey::toString).collect(Collectors.joining(", "));
            return AssetRow.of(a, upstream, last.get(key), assets.lastMaterialization(key).orElse(null));
        }).toList();
    }

    private List<RunRow> runRows() {
        return runs.list(RunQuery.latest(25).withoutQueuedBackfillRuns()).stream().map(RunRow::of).toList();
    }
}
