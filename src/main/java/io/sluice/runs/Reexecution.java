package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Re-executing an ended run (Dagster's "re-execute all" and "from failure"): the launch request of a new run built
 * from the stored one, pure. The new run has the stored run's mode, keys, partitions and effective config, over all
 * its assets or only those whose step did not succeed, and carries {@link #OF} (the run it re-executes) and
 * {@link #SCOPE} (what of it). It does not carry the stored run's origin (the schedule, sensor or trigger that launched
 * it, or the set of runs it belonged to): it is launched by whoever re-executes it.
 */
public final class Reexecution {

    /** The tag naming the run that a run re-executes. */
    public static final String OF = "sluice/reexecution-of";
    /** The tag saying what of it: {@code all} or {@code failed}. */
    public static final String SCOPE = "sluice/reexecute";

    /** What of the run is executed again. */
    public enum Scope {
        /** The same request again. */
        ALL,
        /** Only the steps that did not succeed (failed, canceled or never run). */
        FAILED;

        public String tagValue() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** The scope as a form or a body names it, in any case; anything else is {@link RequestRejected.Invalid}. */
        public static Scope parse(String text) {
            String name = text == null ? "" : text.strip().toUpperCase(java.util.Locale.ROOT);
            for (Scope scope : values()) {
                if (scope.name().equals(name)) {
                    return scope;
                }
            }
            throw RequestRejected.invalid(
                    "scope",
                    (name.isEmpty() ? "give a scope" : "scope " + io.sluice.text.Text.quote(text) + " is not one")
                            + ": ALL (every step) or FAILED (the steps that did not succeed)");
        }
    }

    private Reexecution() {}

    /**
     * The request that re-executes {@code run}; {@code configByAsset} is its stored effective config (an object keyed by
     * asset key), {@code partitioned} says which assets are partitioned now. The run's partitions go with the request
     * only when one of its assets is partitioned: the failed steps of a run over partitions may all be of unpartitioned
     * (or keyed) assets, which take none. Refused when the run has not ended, is a rollback, or (for FAILED) every step
     * succeeded.
     */
    public static RunRequest request(
            Run run,
            Scope scope,
            Map<String, Object> configByAsset,
            Predicate<AssetKey> partitioned,
            String actor,
            String reason) {
        if (!run.status().isTerminal()) {
            throw RequestRejected.conflict(
                    "status", "run " + run.id() + " is " + run.status() + ": re-execute it once it has ended");
        }
        if (run.kind() == RunKind.ROLLBACK) {
            throw RequestRejected.invalid(
                    "id", "run " + run.id() + " is a rollback: roll back again from the data page instead");
        }
        List<AssetKey> assets = scope == Scope.ALL ? run.assets() : notSucceeded(run);
        if (assets.isEmpty()) {
            throw RequestRejected.conflict(
                    "scope", "every step of run " + run.id() + " succeeded: there is no failed step to re-execute");
        }
        List<String> names = assets.stream().map(AssetKey::toString).toList();
        return new RunRequest(
                names,
                run.mode(),
                run.keys(),
                assets.stream().anyMatch(partitioned) ? run.partitions() : List.of(),
                config(names, configByAsset),
                reason == null || reason.isBlank() ? defaultReason(run, scope) : reason,
                actor,
                Map.of(OF, run.id(), SCOPE, scope.tagValue()));
    }

    /** The assets whose step did not succeed, in step order. */
    static List<AssetKey> notSucceeded(Run run) {
        return run.steps().stream()
                .filter(s -> s.status() != RunStatus.SUCCESS)
                .map(RunStep::asset)
                .toList();
    }

    /** A request's config: the asset's own for one asset, else keyed by asset key (see {@link RunRequest#config()}). */
    private static Map<String, Object> config(List<String> assets, Map<String, Object> configByAsset) {
        if (assets.size() == 1) {
            Object own = configByAsset.get(assets.get(0));
            return own instanceof Map<?, ?> map ? copy(map) : Map.of();
        }
        Map<String, Object> byAsset = new LinkedHashMap<>();
        for (String asset : assets) {
            Object own = configByAsset.get(asset);
            if (own != null) {
                byAsset.put(asset, own);
            }
        }
        return byAsset;
    }

    private static Map<String, Object> copy(Map<?, ?> map) {
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(String.valueOf(k), v));
        return copy;
    }

    private static String defaultReason(Run run, Scope scope) {
        return (scope == Scope.ALL ? "re-execution of run " : "re-execution of the failed steps of run ")
                + RunIds.shortForm(run.id());
    }
}
