package io.sluice.runs.launch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.catalog.KeyedAsset;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.Actors;
import io.sluice.runs.Keys;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunRequest;
import io.sluice.text.Text;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks a {@link RunRequest} against the catalog; rejects with the field at fault, stores nothing. */
@ApplicationScoped
public class LaunchValidator {

    static final int MAX_REASON = 2000;
    static final int MAX_KEYS = 100_000;
    /** Partitions one run takes at most: 100 years of days. */
    static final int MAX_PARTITIONS = 36_600;

    private final AssetCatalog catalog;
    private final ConfigBinder binder;
    private final ObjectMapper mapper;
    private final Instance<RangeLaunchHint> rangeHints;

    public LaunchValidator(
            AssetCatalog catalog, ConfigBinder binder, ObjectMapper mapper, Instance<RangeLaunchHint> rangeHints) {
        this.rangeHints = rangeHints;
        this.catalog = catalog;
        this.binder = binder;
        this.mapper = mapper;
    }

    public ValidatedLaunch validate(RunRequest request, Instant now) {
        List<AssetKey> ordered = catalog.graph().inDependencyOrder(assets(request.assets()));
        List<String> partitions = partitions(request, ordered, now);
        ValidatedLaunch launch = validateExceptPartitions(request);
        return new ValidatedLaunch(
                launch.assets(),
                launch.mode(),
                launch.keys(),
                partitions,
                launch.configByAsset(),
                launch.reason(),
                launch.launchedBy(),
                launch.tags());
    }

    /**
     * Validates everything but the partitions: a launcher of a group of runs plans its runs' partitions itself, per
     * partitions definition, and checks its ranges against them.
     */
    public ValidatedLaunch validateExceptPartitions(RunRequest request) {
        List<AssetKey> ordered = catalog.graph().inDependencyOrder(assets(request.assets()));
        keys(request, ordered);
        requireReason(request.reason());
        Actors.require("launchedBy", request.launchedBy());
        ObjectNode config = config(request.config(), ordered);
        return new ValidatedLaunch(
                ordered,
                request.mode(),
                request.keys(),
                request.partitions(),
                config,
                request.reason(),
                request.launchedBy(),
                request.tags());
    }

    /** Rejects a reason longer than the audit trail keeps. */
    public static void requireReason(String reason) {
        if (reason != null && reason.length() > MAX_REASON) {
            throw RequestRejected.invalid("reason", "reason is longer than " + MAX_REASON + " characters");
        }
        Text.reasonProblem("reason", reason).ifPresent(problem -> {
            throw RequestRejected.invalid("reason", problem);
        });
    }

    /** Parses and looks up the selected assets; malformed ones are unreadable, one given twice invalid, unknown ones not found. */
    public List<AssetKey> assets(List<String> names) {
        if (names.isEmpty()) {
            throw RequestRejected.invalid(
                    "assets", "select at least one asset, like \"transform/form_adv_firm_identity\"");
        }
        Set<AssetKey> keys = new LinkedHashSet<>();
        for (int i = 0; i < names.size(); i++) {
            AssetKey key;
            try {
                key = AssetKey.parse(names.get(i));
            } catch (IllegalArgumentException e) {
                throw RequestRejected.malformed("assets[" + i + "]", e.getMessage());
            }
            if (!keys.add(key)) {
                throw RequestRejected.invalid("assets[" + i + "]", "asset " + key + " is given twice");
            }
            if (catalog.find(key).isEmpty()) {
                throw RequestRejected.notFound("assets[" + i + "]", "unknown asset '" + key + "'");
            }
        }
        return List.copyOf(keys);
    }

    private void keys(RunRequest request, List<AssetKey> assets) {
        if (request.mode() != MaterializationMode.SINGLE_KEY) {
            if (!request.keys().isEmpty()) {
                throw RequestRejected.invalid(
                        "keys", "keys are only used with mode SINGLE_KEY (mode is " + request.mode() + ")");
            }
            return;
        }
        if (request.keys().isEmpty()) {
            throw RequestRejected.invalid("keys", "mode SINGLE_KEY needs at least one key");
        }
        if (request.keys().size() > MAX_KEYS) {
            throw RequestRejected.invalid("keys", "at most " + MAX_KEYS + " keys per run");
        }
        Keys.require("keys", request.keys());
        for (AssetKey asset : assets) {
            if (!(catalog.find(asset).orElseThrow() instanceof KeyedAsset<?>)) {
                throw RequestRejected.invalid(
                        "mode", "asset " + asset + " does not process keys, so it cannot run in mode SINGLE_KEY");
            }
        }
    }

    /**
     * The partitions the request selects: its keys as given, or with ranges every partition of the ranges and keys in
     * the partitions' order (a key inside a range, or ranges that overlap, refused naming both); each must be a partition
     * of every selected partitioned asset.
     */
    private List<String> partitions(RunRequest request, List<AssetKey> assets, Instant now) {
        List<String> partitions = request.partitions();
        List<AssetKey> partitioned = new ArrayList<>();
        for (AssetKey asset : assets) {
            if (definition(asset).isPartitioned()) {
                partitioned.add(asset);
            }
        }
        if (partitioned.isEmpty()) {
            if (!request.ranges().isEmpty()) {
                throw RequestRejected.invalid("ranges", "none of the selected assets is partitioned; omit 'ranges'");
            }
            if (!partitions.isEmpty()) {
                throw RequestRejected.invalid(
                        "partitions", "none of the selected assets is partitioned; omit 'partitions'");
            }
            return List.of();
        }
        if (partitions.isEmpty() && request.ranges().isEmpty()) {
            throw RequestRejected.invalid(
                    "partitions",
                    "asset " + partitioned.get(0) + " is partitioned ("
                            + definition(partitioned.get(0)).describe() + "): give the partitions to materialize"
                            + ", as keys (partitions) or ranges (ranges: [{\"start\": ..., \"end\": ...}])"
                            + rangeHints.stream()
                                    .findFirst()
                                    .map(h -> "; for every partition, " + h.howTo())
                                    .orElse(""));
        }
        Keys.require("partitions", partitions);
        if (!request.ranges().isEmpty()) {
            List<PartitionSelection.Part> parts = new ArrayList<>();
            for (int i = 0; i < request.ranges().size(); i++) {
                RunRequest.Range r = request.ranges().get(i);
                parts.add(PartitionSelection.Part.range(
                        r.start(), r.end(), PartitionSelection.Where.range(i, r.start(), r.end())));
            }
            for (int i = 0; i < partitions.size(); i++) {
                parts.add(PartitionSelection.Part.key(
                        partitions.get(i), PartitionSelection.Where.key(i, partitions.get(i))));
            }
            partitions = PartitionSelection.of(
                            parts, definition(partitioned.get(0)).at(now))
                    .keys();
            if (partitions.size() > MAX_PARTITIONS) {
                throw RequestRejected.invalid(
                        "ranges",
                        "the ranges select " + partitions.size() + " partitions; a run takes at most " + MAX_PARTITIONS
                                + " (split a longer range into several launches)");
            }
        }
        for (int i = 0; i < partitions.size(); i++) {
            String key = partitions.get(i);
            for (AssetKey asset : partitioned) {
                String field = request.ranges().isEmpty() ? "partitions[" + i + "]" : "ranges";
                definition(asset).validate(key, now).ifPresent(error -> {
                    throw RequestRejected.invalid(field, error + " (asset " + asset + ")");
                });
            }
        }
        return List.copyOf(partitions);
    }

    private PartitionsDefinition definition(AssetKey asset) {
        return catalog.find(asset).orElseThrow().spec().partitions();
    }

    /**
     * The run's config keyed by asset key, each asset's given fields laid over its defaults. With several assets the
     * request's config is keyed by asset key; with one it may be that asset's config alone, or keyed by its key as a run
     * answers it (so a run's config can be sent back as it is). A config whose every field name holds a slash is keyed:
     * no config property's name can hold one.
     */
    private ObjectNode config(Map<String, Object> given, List<AssetKey> assets) {
        JsonNode node = mapper.valueToTree(given);
        ObjectNode byAsset = mapper.createObjectNode();
        if (assets.size() == 1 && !keyedByAsset(node)) {
            AssetKey only = assets.get(0);
            byAsset.set(only.toString(), binder.merge(spec(only), node, "config"));
            return byAsset;
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!assets.contains(parseOrNull(name))) {
                throw RequestRejected.invalid(
                        "config." + name,
                        assets.size() == 1
                                ? "config keyed by asset key names '" + name + "', not the selected asset "
                                        + assets.get(0)
                                : "with several assets, config is an object keyed by asset key; '" + name
                                        + "' is not a selected asset");
            }
        }
        for (AssetKey asset : assets) {
            byAsset.set(asset.toString(), binder.merge(spec(asset), node.get(asset.toString()), "config." + asset));
        }
        return byAsset;
    }

    private static boolean keyedByAsset(JsonNode config) {
        if (config == null || !config.isObject() || config.isEmpty()) {
            return false;
        }
        for (Iterator<String> names = config.fieldNames(); names.hasNext(); ) {
            if (names.next().indexOf('/') < 0) {
                return false;
            }
        }
        return true;
    }

    private static AssetKey parseOrNull(String text) {
        try {
            return AssetKey.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private AssetSpec<?> spec(AssetKey key) {
        Asset<?> asset = catalog.find(key).orElseThrow();
        return asset.spec();
    }
}
