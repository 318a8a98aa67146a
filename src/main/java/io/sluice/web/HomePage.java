package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.app.NodeList;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TriggerPolicy;
import io.sluice.automation.schedule.ScheduleOverview;
import io.sluice.automation.schedule.ScheduleViews;
import io.sluice.automation.sensor.SensorService;
import io.sluice.automation.sensor.SensorView;
import io.sluice.automation.trigger.TriggerOverview;
import io.sluice.backfill.BackfillService;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.cluster.NodeSettings;
import io.sluice.identity.RequestCaller;
import io.sluice.lake.LakeTables;
import io.sluice.lake.TableSpec;
import io.sluice.runs.AssetRun;
import io.sluice.runs.AssetService;
import io.sluice.runs.Materialization;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RunIds;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunService;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The overview at {@code /}: running and recent runs, backfills with their progress, failing checks, the next schedule
 * and sensor ticks, the latest automation decisions, the cluster's nodes, and a short summary of the assets (the catalog is at
 * {@code /assets}, launching at {@code /launch}). The live parts refresh themselves with htmx.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class HomePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(
                List<AssetRow> assets,
                List<RunRow> runs,
                List<AssetRow> statuses,
                List<BackfillRow> backfills,
                Automation automation,
                List<NodeRow> nodes);

        /** The runs table, plus out-of-band updates of each asset's last run, so the assets table stays current too. */
        static native TemplateInstance page$runs(List<RunRow> runs, List<AssetRow> statuses);

        static native TemplateInstance page$backfills(List<BackfillRow> backfills);

        static native TemplateInstance page$automation(Automation automation);

        static native TemplateInstance page$nodes(List<NodeRow> nodes);
    }

    /** The overview's automation and checks part. */
    public record Automation(
            List<OverviewRows.FailingCheck> checks,
            List<OverviewRows.NextTick> next,
            List<OverviewRows.Decision> decisions,
            boolean triggersEnabled) {}

    private final AssetService assets;
    private final RunService runs;
    private final ObjectMapper mapper;
    private final BackfillService backfills;
    private final LakeTables tables;
    private final InstantSource clock;
    private final TriggerOverview triggers;
    private final ScheduleViews schedules;
    private final SensorService sensors;
    private final NodeList nodes;
    private final NodeSettings nodeSettings;
    private final RequestCaller caller;

    public HomePage(
            AssetService assets,
            RunService runs,
            ObjectMapper mapper,
            BackfillService backfills,
            LakeTables tables,
            InstantSource clock,
            TriggerOverview triggers,
            ScheduleViews schedules,
            SensorService sensors,
            NodeList nodes,
            NodeSettings nodeSettings,
            RequestCaller caller) {
        this.nodes = nodes;
        this.nodeSettings = nodeSettings;
        this.caller = caller;
        this.clock = clock;
        this.triggers = triggers;
        this.backfills = backfills;
        this.tables = tables;
        this.assets = assets;
        this.runs = runs;
        this.mapper = mapper;
        this.schedules = schedules;
        this.sensors = sensors;
    }

    @GET
    public TemplateInstance page() {
        return Templates.page(
                assetRows(), runRows(), List.of(), BackfillPanel.rows(backfills), automation(), nodeRows());
    }

    @GET
    @Path("ui/runs")
    public TemplateInstance runsFragment() {
        return Templates.page$runs(runRows(), assetRows());
    }

    @GET
    @Path("ui/overview/automation")
    public TemplateInstance automationFragment() {
        return Templates.page$automation(automation());
    }

    @GET
    @Path("ui/overview/nodes")
    public TemplateInstance nodesFragment() {
        return Templates.page$nodes(nodeRows());
    }

    /** The cluster's nodes: the alive ones, then those that ended in the last day. */
    private List<NodeRow> nodeRows() {
        return nodes.list(caller.get()).stream()
                .map(v -> NodeRow.of(v, nodeSettings.heartbeat()))
                .toList();
    }

    /**
     * The automation part: failing checks, next ticks, latest decisions. Its reads do not grow with the catalog: the
     * checks of every asset are one read, the triggers' evaluations the newest of all of them (each schedule and sensor,
     * which are few, has its own read).
     */
    private Automation automation() {
        List<ScheduleOverview> all = schedules.all();
        List<SensorView> sensorViews = sensors.list();
        List<StoredTick> ticks = new ArrayList<>();
        for (ScheduleOverview s : all) {
            ticks.addAll(schedules.ticks(s.spec().name(), OverviewRows.SHOWN, Optional.empty()));
        }
        for (SensorView s : sensorViews) {
            ticks.addAll(sensors.ticks(s.spec().name(), OverviewRows.SHOWN, Optional.empty()));
        }
        ticks.addAll(triggers.recentEvaluations(OverviewRows.EVALUATIONS_READ));
        List<RecordedCheck> checks = new ArrayList<>();
        assets.latestChecks().values().forEach(checks::addAll);
        return new Automation(
                OverviewRows.failingChecks(checks),
                OverviewRows.nextTicks(all, sensorViews),
                OverviewRows.decisions(ticks),
                triggers.enabled());
    }

    /**
     * The assets table: every asset with its last run, last materialization, rows now and trigger, each read for all
     * assets at once (a bounded number of reads whatever the size of the catalog).
     */
    private List<AssetRow> assetRows() {
        Map<AssetKey, AssetRun> last = assets.lastSteps();
        Map<AssetKey, Materialization> materialized = assets.lastMaterializations();
        Collection<Asset<?>> all = assets.all();
        Map<AssetKey, Optional<String>> tableOf = new HashMap<>();
        for (Asset<?> a : all) {
            tableOf.put(a.spec().key(), tableOf(a, materialized.get(a.spec().key())));
        }
        Map<String, Long> rows =
                tableRows(tableOf.values().stream().flatMap(Optional::stream).collect(Collectors.toSet()));
        Map<AssetKey, StoredTick> evaluated =
                triggers.lastEvaluations(all.stream().map(a -> a.spec().key()).toList());
        return all.stream()
                .map(a -> {
                    AssetKey key = a.spec().key();
                    String upstream = assets.upstream(key).stream()
                            .sorted()
                            .map(AssetKey::toString)
                            .collect(Collectors.joining(", "));
                    Optional<String> table = tableOf.get(key);
                    return AssetRow.of(
                            a,
                            upstream,
                            last.get(key),
                            materialized.get(key),
                            table,
                            table.map(rows::get),
                            triggers.policy(key).map(TriggerPolicy::describe).orElse(""),
                            lastEvaluation(key, evaluated.get(key)));
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

    /** The rows the lake tables hold now; a table not written yet is absent, all of them when the lake does not answer. */
    private Map<String, Long> tableRows(Collection<String> names) {
        try {
            return tables.currentRows(names);
        } catch (RuntimeException e) {
            return Map.of(); // the page still shows; the readiness check reports the lake
        }
    }

    /** What the asset's last trigger evaluation decided, in a few words; empty if it has no policy. */
    private String lastEvaluation(AssetKey key, StoredTick last) {
        if (triggers.policy(key).isEmpty()) {
            return "";
        }
        return Optional.ofNullable(last)
                .map(t -> {
                    TickOutcome outcome = t.tick().outcome();
                    String what = outcome instanceof TickOutcome.Launched l
                            ? "launched " + RunIds.shortForm(l.runIds().get(0))
                            : outcome instanceof TickOutcome.Skipped s
                                    ? "skipped: " + s.reason()
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
