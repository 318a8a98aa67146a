package io.sluice.web;

import io.sluice.freshness.FreshnessView;
import java.util.List;
import java.util.Locale;

/**
 * One asset in the catalog ({@code /assets}): what it is (group, tags, owners, kinds), its last run and last
 * materialization, its partition health summary (empty if it is not partitioned), the outcome of its latest checks
 * ({@code checks} "passed", "failed", "warning" or empty if none ran), its automation policy (empty if none) and its
 * freshness (null without a policy).
 */
public record AssetsPageRow(
        String key,
        String group,
        String name,
        String description,
        List<String> owners,
        List<String> tags,
        List<String> kinds,
        String lastStatus,
        String lastRunId,
        String lastRunShortId,
        String lastMaterialized,
        String lastMaterializedIso,
        String health,
        long failedPartitions,
        String checks,
        String checkSummary,
        String automation,
        FreshnessView freshness) {

    public AssetsPageRow {
        owners = List.copyOf(owners);
        tags = List.copyOf(tags);
        kinds = List.copyOf(kinds);
    }

    /** A row without a freshness policy. */
    public AssetsPageRow(
            String key,
            String group,
            String name,
            String description,
            List<String> owners,
            List<String> tags,
            List<String> kinds,
            String lastStatus,
            String lastRunId,
            String lastRunShortId,
            String lastMaterialized,
            String lastMaterializedIso,
            String health,
            long failedPartitions,
            String checks,
            String checkSummary,
            String automation) {
        this(
                key,
                group,
                name,
                description,
                owners,
                tags,
                kinds,
                lastStatus,
                lastRunId,
                lastRunShortId,
                lastMaterialized,
                lastMaterializedIso,
                health,
                failedPartitions,
                checks,
                checkSummary,
                automation,
                null);
    }

    /** The row with the asset's freshness (null: it declares no policy). */
    public AssetsPageRow withFreshness(FreshnessView view) {
        return new AssetsPageRow(
                key,
                group,
                name,
                description,
                owners,
                tags,
                kinds,
                lastStatus,
                lastRunId,
                lastRunShortId,
                lastMaterialized,
                lastMaterializedIso,
                health,
                failedPartitions,
                checks,
                checkSummary,
                automation,
                view);
    }

    /** The status class of the freshness badge, as the checks' badges: fresh green, warning amber, stale red. */
    public String freshnessClass() {
        if (freshness == null) {
            return "";
        }
        return switch (freshness.state()) {
            case FRESH -> "s-SUCCESS";
            case WARNING -> "s-QUEUED";
            case STALE -> "s-FAILURE";
        };
    }

    /** The freshness badge's tooltip: the policy and the state's sentence. */
    public String freshnessTitle() {
        return freshness == null ? "" : freshness.policy() + ": " + freshness.detail();
    }

    /** Whether the asset was ever materialized. */
    public boolean materialized() {
        return !lastMaterialized.isEmpty();
    }

    /** The asset page's address. */
    public String href() {
        return "/assets/" + key;
    }

    /** The catalog filtered by {@code parameter} = {@code value}. */
    public String link(String parameter, String value) {
        return "/assets?" + parameter + "="
                + java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Whether {@code q} occurs in its key, description, owners or tags, ignoring case. */
    boolean mentions(String q) {
        String needle = q.toLowerCase(Locale.ROOT);
        return key.toLowerCase(Locale.ROOT).contains(needle)
                || description.toLowerCase(Locale.ROOT).contains(needle)
                || owners.stream().anyMatch(o -> o.toLowerCase(Locale.ROOT).contains(needle))
                || tags.stream().anyMatch(t -> t.toLowerCase(Locale.ROOT).contains(needle));
    }
}
