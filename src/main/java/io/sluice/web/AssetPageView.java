package io.sluice.web;

import java.util.List;

/**
 * What the asset page shows: the asset (as the catalog row), its partitions definition, run-config schema (pretty
 * JSON), upstream and downstream keys, the health bar (null if not partitioned) with its summary, the materialization
 * history with its chart, and its latest checks and check history.
 */
public record AssetPageView(
        AssetsPageRow asset,
        String partitions,
        String configSchema,
        List<String> upstream,
        List<String> downstream,
        HealthBar bar,
        String health,
        List<History> history,
        AssetPageChart chart,
        List<CheckRow> latestChecks,
        List<Check> checkHistory,
        String table) {

    /** The runs list filtered to this asset's runs. */
    public String runsHref() {
        return "/runs?asset=" + asset.key();
    }

    /** The lineage graph of the asset's group. */
    public String lineageHref() {
        return "/lineage?group=" + asset.group();
    }

    /** The audit trail about this asset. */
    public String auditHref() {
        return "/audit?target=" + java.net.URLEncoder.encode(asset.key(), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** One materialization of the history. */
    public record History(
            String time, String iso, String runId, String runShortId, String partition, String rows, String duration) {}

    /** One check result of the history, with its run and time. */
    public record Check(CheckRow check, String time, String runId, String runShortId) {}
}
