package io.sluice.web;

import io.sluice.runs.PartitionState;
import io.sluice.runs.PartitionStatusView;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What the asset page shows: the asset (as the catalog row), its partitions definition, run-config schema (pretty
 * JSON), upstream and downstream keys, the health bar (null if not partitioned) with its summary, the materialization
 * history with its chart, and its latest checks and check history.
 */
public record AssetPageView(
        AssetsPageRow asset,
        String partitions,
        String configSchema,
        Table table,
        List<String> upstream,
        List<String> downstream,
        HealthBar bar,
        String health,
        Ranges ranges,
        List<History> history,
        AssetPageChart chart,
        List<CheckRow> latestChecks,
        List<Check> checkHistory) {

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

    /**
     * The asset's lake table: name, write mode, whether it exists yet, its current rows as the lake counts them now, and
     * its schema.
     */
    /** {@code unavailable}: why the lake could not be read here (this node runs without it), else empty. */
    public record Table(
            String name,
            String writeMode,
            boolean exists,
            String currentRows,
            List<TablePageView.Column> columns,
            String unavailable) {}

    /**
     * The partitions filter: the status chosen (empty: none), the ranges of that status (at most {@code limit}), how many
     * there are, and the error when the status could not be read.
     */
    public record Ranges(String status, List<Range> ranges, long rangeCount, String count, String error) {

        public List<String> statuses() {
            return Arrays.stream(PartitionState.values()).map(Enum::name).toList();
        }

        static Ranges of(
                String asset, PartitionStatusView view, Optional<PartitionState> only, String error, int limit) {
            if (only.isEmpty()) {
                return new Ranges("", List.of(), 0, "", error);
            }
            List<PartitionStatusView.Range> all =
                    view.ranges().stream().filter(r -> r.status() == only.get()).toList();
            return new Ranges(
                    only.get().name(),
                    all.stream()
                            .limit(limit)
                            .map(r -> new Range(
                                    r.start(),
                                    r.end(),
                                    Format.count(r.count()),
                                    "/launch?asset=" + asset + "&from=" + Range.query(r.start()) + "&to="
                                            + Range.query(r.end())))
                            .toList(),
                    all.size(),
                    Format.count(view.counts().getOrDefault(only.get(), 0L)),
                    error);
        }
    }

    /** A range of partitions of one status, with the launchpad preselected for it. */
    public record Range(String first, String last, String count, String launch) {
        static String query(String key) {
            return URLEncoder.encode(key, StandardCharsets.UTF_8);
        }
    }

    /** One materialization of the history. */
    public record History(
            String time, String iso, String runId, String runShortId, String partition, String rows, String duration) {}

    /** One check result of the history, with its run and time. */
    public record Check(CheckRow check, String time, String runId, String runShortId) {}
}
