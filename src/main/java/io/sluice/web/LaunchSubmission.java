package io.sluice.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.app.BackfillCommands;
import io.sluice.app.RunCommands;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillPlan;
import io.sluice.backfill.BackfillService;
import io.sluice.backfill.PlannedRun;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.identity.Caller;
import io.sluice.identity.NotAllowed;
import io.sluice.identity.RequestCaller;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.AssetService;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.QueuePlace;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunService;
import io.sluice.runs.launch.PartitionSelection;
import io.sluice.runs.launch.ValidatedLaunch;
import io.sluice.text.Text;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the launchpad does with a posted form, whether htmx or a plain browser posted it: launch a run or a backfill,
 * or preview either (a dry run through the real validator and planner), or refuse naming the field at fault.
 */
@ApplicationScoped
class LaunchSubmission {

    /** What became of a posted form. */
    sealed interface Outcome {}

    /** A launched run; {@code queue} says what it waits for when it is queued behind other runs (else null). */
    record LaunchedRun(RunRow run, QueueView queue) implements Outcome {}

    record LaunchedBackfill(BackfillRow backfill) implements Outcome {}

    record Previewed(LaunchPreview preview) implements Outcome {}

    /** A refusal: the field it is about (or null), what to do, and the status the page answers it with. */
    record Rejected(String field, String message, int status) implements Outcome {

        /** Refused for what the form holds: the request was read, the launch it asks for cannot be. */
        Rejected(String field, String message) {
            this(field, message, 422);
        }
    }

    /** The fields the launchpad's form sends; any other is refused, as an unknown field of a JSON body is. */
    static final Set<String> FIELDS = new LinkedHashSet<>(List.of(
            "asset",
            "mode",
            "from",
            "to",
            "partitions",
            "keys",
            "reason",
            "config",
            "partitionsPerRun",
            "maxConcurrent",
            "as"));

    private final AssetService assets;
    private final RunService runs;
    private final RunCommands runCommands;
    private final BackfillCommands backfillCommands;
    private final BackfillService backfills;
    private final ObjectMapper mapper;
    private final InstantSource clock;
    private final RequestCaller caller;

    LaunchSubmission(
            AssetService assets,
            RunService runs,
            BackfillService backfills,
            ObjectMapper mapper,
            InstantSource clock,
            RequestCaller caller,
            RunCommands runCommands,
            BackfillCommands backfillCommands) {
        this.caller = caller;
        this.runCommands = runCommands;
        this.backfillCommands = backfillCommands;
        this.assets = assets;
        this.runs = runs;
        this.backfills = backfills;
        this.mapper = mapper;
        this.clock = clock;
    }

    Outcome submit(Map<String, List<String>> fields, String baseUrl) {
        // a field given twice (a crafted post, or a page that repeats an input) is refused, not read as its first value
        Optional<Map.Entry<String, List<String>>> repeated = fields.entrySet().stream()
                .filter(f -> !"asset".equals(f.getKey()) && f.getValue().size() > 1)
                .findFirst();
        if (repeated.isPresent()) {
            String name = repeated.get().getKey();
            return new Rejected(
                    name,
                    "the field " + name + " was sent "
                            + repeated.get().getValue().size() + " times; send it once",
                    400);
        }
        Optional<String> unknown =
                fields.keySet().stream().filter(f -> !FIELDS.contains(f)).findFirst();
        if (unknown.isPresent()) {
            return new Rejected(
                    null,
                    "the form has an unknown field " + Text.quote(unknown.get()) + "; it takes "
                            + String.join(", ", FIELDS),
                    400);
        }
        Caller actor;
        try {
            actor = PageForms.caller(caller);
        } catch (RequestRejected e) {
            return new Rejected(null, e.getMessage(), PageForms.status(e));
        }
        String as = first(fields, "as");
        if (as == null || as.isBlank()) {
            return new Rejected(
                    null,
                    "say what to do with the form: as=run or as=backfill to launch, as=preview or as=preview-backfill "
                            + "to see what would run (the page's buttons send it)",
                    400);
        }
        try {
            LaunchForm form = LaunchForm.read(
                    fields.get("asset"),
                    first(fields, "mode"),
                    first(fields, "keys"),
                    first(fields, "from"),
                    first(fields, "to"),
                    first(fields, "partitions"),
                    first(fields, "config"),
                    first(fields, "reason"),
                    first(fields, "partitionsPerRun"),
                    first(fields, "maxConcurrent"),
                    mapper);
            return switch (as) {
                case "run" -> run(form, false, baseUrl, actor);
                case "preview" -> run(form, true, baseUrl, actor);
                case "backfill" -> backfill(form, false, baseUrl, actor);
                case "preview-backfill" -> backfill(form, true, baseUrl, actor);
                default ->
                    new Rejected(
                            null,
                            "launch as 'run' or 'backfill', or preview them ('preview', 'preview-backfill'), not '" + as
                                    + "'",
                            400);
            };
        } catch (LaunchForm.Invalid e) {
            return new Rejected(e.field, e.getMessage(), e.status);
        } catch (RequestRejected e) {
            return new Rejected(LaunchForm.formField(e.field()), e.getMessage(), PageForms.status(e));
        } catch (NotAllowed e) {
            return new Rejected(null, e.getMessage(), PageForms.status(e));
        } catch (IllegalArgumentException e) {
            return new Rejected(null, e.getMessage());
        }
    }

    private Outcome backfill(LaunchForm form, boolean dryRun, String baseUrl, Caller actor) {
        if (firstPartitioned(form.assets()).isEmpty() && allKnown(form.assets())) {
            return new Rejected(
                    "asset",
                    "none of the selected assets is partitioned, so there is nothing to backfill: press Launch run");
        }
        Optional<PartitionsDefinition> definition =
                firstPartitioned(form.assets()).map(a -> a.spec().partitions());
        Instant now = clock.instant();
        Optional<Rejected> typed = checkPartitions(form, definition, now);
        if (typed.isPresent()) {
            return typed.get();
        }
        if (!dryRun) {
            Backfill b = backfillCommands
                    .launch(actor, form.backfill(false, Caller.ANONYMOUS))
                    .backfill()
                    .orElseThrow();
            return new LaunchedBackfill(BackfillRow.of(b, backfills.progress(b)));
        }
        BackfillPlan plan = backfillCommands.preview(actor, form.backfill(true, Caller.ANONYMOUS));
        List<String> all = plan.runs().stream()
                .flatMap(r -> r.partitions().stream())
                .distinct()
                .toList();
        List<LaunchPreview.PlannedRunRow> shown = plan.runs().stream()
                .limit(LaunchPreview.RUNS_SHOWN)
                .map(r -> row(r, definition, now))
                .toList();
        return new Previewed(new LaunchPreview(
                true,
                form.mode().name(),
                names(plan.assets()),
                plan.runs().size(),
                plan.partitionCount(),
                PartitionText.compact(all, definition, now),
                keys(form.mode(), form.keys(), plan.assets()),
                shown,
                "",
                CurlCommand.of(form, true, baseUrl, mapper, actor.authenticated()),
                upstream(form, plan.assets(), all, plan.runs().size())));
    }

    /**
     * Refuses what was typed in From/To and Partitions where it was typed: a key that is not a partition, a range
     * that goes backwards, a part that selects a partition another part selects (both named as typed), partitions for
     * assets none of which is partitioned. The API checks the same again, naming its own fields.
     */
    private Optional<Rejected> checkPartitions(
            LaunchForm form, Optional<PartitionsDefinition> definition, Instant now) {
        if (!form.anyPartitions()) {
            return Optional.empty();
        }
        if (definition.isEmpty()) {
            return allKnown(form.assets())
                    ? Optional.of(new Rejected(
                            form.from() != null ? "from" : "partitions",
                            "none of the selected assets is partitioned: leave From, To and Partitions empty"))
                    : Optional.empty(); // the launch names the asset that is not known
        }
        try {
            PartitionSelection.of(form.parts(), definition.get().at(now));
            return Optional.empty();
        } catch (RequestRejected e) {
            return Optional.of(new Rejected(e.field(), e.getMessage()));
        }
    }

    private static LaunchPreview.PlannedRunRow row(
            PlannedRun r, Optional<PartitionsDefinition> definition, Instant now) {
        return new LaunchPreview.PlannedRunRow(
                r.sequence(),
                r.assets().stream().map(AssetKey::toString).collect(Collectors.joining(", ")),
                String.join(", ", PartitionText.compact(r.partitions(), definition, now)),
                r.after().stream().map(i -> "#" + i).collect(Collectors.joining(", ")));
    }

    private Outcome run(LaunchForm form, boolean dryRun, String baseUrl, Caller actor) {
        Optional<Asset<?>> partitioned = firstPartitioned(form.assets());
        if (partitioned.isPresent() && !form.anyPartitions()) {
            // the API's message points at its fields; on this page the fields and the button do it
            AssetSpec<?> spec = partitioned.get().spec();
            return new Rejected(
                    "partitions",
                    "asset " + spec.key() + " is partitioned ("
                            + spec.partitions().describe()
                            + "): pick From and To, or type the partitions to materialize in Partitions (a key, or a "
                            + "range first...last), or press Launch as backfill to materialize every partition, one run "
                            + "each (Partitions per run sets how many a run takes)");
        }
        Instant now = clock.instant();
        Optional<PartitionsDefinition> definition =
                partitioned.map(a -> a.spec().partitions());
        Optional<Rejected> typed = checkPartitions(form, definition, now);
        if (typed.isPresent()) {
            return typed.get();
        }
        if (!dryRun) {
            Run launched = runCommands.launch(actor, form.run(Caller.ANONYMOUS));
            QueueView queue = runs.queuePlace(launched)
                    .filter(QueuePlace::waitsForRuns)
                    .map(QueueView::of)
                    .orElse(null);
            return new LaunchedRun(RunRow.of(launched, now), queue);
        }
        ValidatedLaunch launch = runCommands.preview(actor, form.run(Caller.ANONYMOUS));
        List<String> names = names(launch.assets());
        String compacted = String.join(", ", PartitionText.compact(launch.partitions(), definition, now));
        return new Previewed(new LaunchPreview(
                false,
                launch.mode().name(),
                names,
                1,
                launch.partitions().size(),
                PartitionText.compact(launch.partitions(), definition, now),
                keys(launch.mode(), launch.keys(), launch.assets()),
                List.of(new LaunchPreview.PlannedRunRow(1, String.join(", ", names), compacted, "")),
                launch.configByAsset().toPrettyString(),
                CurlCommand.of(form, false, baseUrl, mapper, actor.authenticated()),
                upstream(form, launch.assets(), launch.partitions(), 1)));
    }

    /** Ranges of missing upstream partitions named in a warning before "and N more ranges". */
    static final int RANGES_SHOWN = 5;

    /**
     * The preview's warnings: what the selected assets read outside the selection that is not materialized, so their
     * runs would fail, each with the address that adds the upstream asset to the selection.
     */
    private List<LaunchPreview.UpstreamWarning> upstream(
            LaunchForm form, List<AssetKey> selected, List<String> partitions, int runCount) {
        return runs.upstreamGaps(selected, partitions).stream()
                .map(g -> {
                    String lacks = g.missingCount() == 0
                            ? g.upstream() + " " + g.what()
                            : g.upstream() + " is not materialized for "
                                    + Format.count(g.missingCount(), "partition", "partitions") + " that " + g.asset()
                                    + " reads: " + ranges(g.missing());
                    String fails = runCount == 1
                            ? "the run would fail at " + g.asset() + " without computing it"
                            : "the runs of " + g.asset() + " that read them would fail without computing";
                    return new LaunchPreview.UpstreamWarning(
                            g.asset().toString(),
                            g.upstream().toString(),
                            g.asset() + " reads " + g.upstream() + ": " + lacks + ". Unless it is materialized first, "
                                    + fails + ".",
                            LaunchLink.withAsset(form, g.upstream().toString(), mapper),
                            Format.domId(g.upstream().toString()));
                })
                .toList();
    }

    private static String ranges(List<PartitionKeyRange> missing) {
        String shown = missing.stream()
                .limit(RANGES_SHOWN)
                .map(PartitionKeyRange::toString)
                .collect(Collectors.joining(", "));
        return missing.size() > RANGES_SHOWN
                ? shown + " and " + (missing.size() - RANGES_SHOWN) + " more ranges"
                : shown;
    }

    /** Which entity keys the keyed assets among these will process, or how they are found when the run starts. */
    private String keys(MaterializationMode mode, List<String> keys, List<AssetKey> selected) {
        List<String> keyed = selected.stream()
                .filter(k -> assets.find(k).orElse(null) instanceof KeyedAsset<?>)
                .map(AssetKey::toString)
                .toList();
        if (keyed.isEmpty()) {
            return "none: no selected asset is keyed; each materializes as a whole";
        }
        return switch (mode) {
            case SINGLE_KEY -> keys.size() + (keys.size() == 1 ? " key: " : " keys: ") + String.join(", ", keys);
            case FULL_REFRESH -> "every key of " + String.join(", ", keyed) + ", rebuilt from raw";
            case INCREMENTAL ->
                "the keys of " + String.join(", ", keyed)
                        + " changed since their last successful run (every key if there is none), found when the run starts";
        };
    }

    private static List<String> names(List<AssetKey> keys) {
        return keys.stream().map(AssetKey::toString).toList();
    }

    /** The first selected asset that is partitioned. */
    private Optional<Asset<?>> firstPartitioned(List<String> selected) {
        return selected.stream()
                .map(this::known)
                .flatMap(Optional::stream)
                .filter(a -> a.spec().partitions().isPartitioned())
                .findFirst();
    }

    /** Some assets are selected and each is in the catalog (otherwise the launch itself names the one at fault). */
    private boolean allKnown(List<String> selected) {
        return !selected.isEmpty() && selected.stream().allMatch(k -> known(k).isPresent());
    }

    private Optional<Asset<?>> known(String key) {
        return LaunchPage.assetKey(key).flatMap(assets::find);
    }

    private static String first(Map<String, List<String>> fields, String name) {
        List<String> values = fields.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }
}
