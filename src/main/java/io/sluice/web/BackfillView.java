package io.sluice.web;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillPartitions;
import io.sluice.backfill.BackfillProgress;
import io.sluice.backfill.BackfillRuns;
import io.sluice.backfill.PartitionRow;
import io.sluice.backfill.ProgressCounts;
import io.sluice.backfill.ProgressStatus;
import io.sluice.backfill.RunSpan;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Run;
import io.sluice.runs.RunIds;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The backfill page: the list row, its partitions by status (a bar split by status, the counts, a grid), their rate
 * over the time it was not paused and the time left while it runs, a page of its partitions with the run of each, and
 * its newest runs with the partitions each holds. Pure: built from what the services read and the time now.
 */
record BackfillView(
        BackfillRow row,
        String mode,
        String launchedBy,
        String created,
        String createdIso,
        String ended,
        String elapsed,
        String pausedFor,
        String parentId,
        ProgressBar partitions,
        String runsText,
        String rate,
        String eta,
        PartitionGrid grid,
        PartitionTable table,
        List<RunOfBackfill> runs,
        int runningShown,
        long runCount,
        boolean terminal) {

    /** A run in the runs table: its status, assets, the partitions it holds (as a range), when it ran. */
    record RunOfBackfill(
            String id,
            String shortId,
            String status,
            String statusLabel,
            List<String> assets,
            String partitions,
            String partitionsTitle,
            String started,
            String duration) {

        static RunOfBackfill of(Run run, Instant now) {
            ProgressStatus status = ProgressStatus.of(run.status(), run.startedAt() != null);
            return new RunOfBackfill(
                    run.id(),
                    RunIds.shortForm(run.id()),
                    status.name(),
                    status.label(),
                    run.assets().stream().map(AssetKey::toString).toList(),
                    range(
                            run.partitions().isEmpty() ? null : run.partitions().get(0),
                            run.partitions().isEmpty()
                                    ? null
                                    : run.partitions().get(run.partitions().size() - 1),
                            run.partitions().size()),
                    title(run.partitions().size()),
                    Format.time(run.startedAt()),
                    Format.duration(run.startedAt(), run.endedAt(), now));
        }

        static RunOfBackfill of(PartitionRow row, Instant now) {
            RunSpan span = row.run();
            return new RunOfBackfill(
                    row.runId(),
                    RunIds.shortForm(row.runId()),
                    row.status().name(),
                    row.status().label(),
                    row.assets().stream().map(AssetKey::toString).toList(),
                    range(span.first(), span.last(), span.count()),
                    title(span.count()),
                    Format.time(row.startedAt()),
                    Format.duration(row.startedAt(), row.endedAt(), now));
        }

        private static String range(String first, String last, long count) {
            return count == 0 ? "—" : count == 1 ? first : first + " … " + last + " (" + Format.count(count) + ")";
        }

        private static String title(long count) {
            return count == 0
                    ? "no partitions: an unpartitioned asset's run"
                    : Format.count(count) + (count == 1 ? " partition" : " partitions");
        }
    }

    /**
     * The runs table: the runs running now, then the runs that hold the partitions of the table's page, each once, at
     * most {@code max}.
     */
    static List<RunOfBackfill> runsShown(List<Run> running, BackfillPartitions.Page page, Instant now, int max) {
        Map<String, RunOfBackfill> shown = new LinkedHashMap<>();
        running.forEach(r -> shown.putIfAbsent(r.id(), RunOfBackfill.of(r, now)));
        page.rows().forEach(p -> shown.putIfAbsent(p.runId(), RunOfBackfill.of(p, now)));
        return shown.values().stream().limit(max).toList();
    }

    /** A page of partitions with the run of each, its status filter and its links. */
    record PartitionTable(
            List<PartitionLine> rows,
            String status,
            String statusLabel,
            List<Choice> statuses,
            String before,
            String after,
            String query,
            String error) {

        /** The query string of this page, for the live part to reload the same page: "" or "?status=...&after=...". */
        static PartitionTable of(BackfillPartitions.Page page, BackfillPartitions.Query q, String error) {
            String status = q.status().map(Enum::name).orElse("");
            StringBuilder query = new StringBuilder();
            q.status().ifPresent(s -> query.append("status=").append(s.name()));
            q.after()
                    .ifPresent(a -> query.append(query.isEmpty() ? "" : "&")
                            .append("after=")
                            .append(a));
            q.before()
                    .ifPresent(b -> query.append(query.isEmpty() ? "" : "&")
                            .append("before=")
                            .append(b));
            return new PartitionTable(
                    page.rows().stream().map(PartitionLine::of).toList(),
                    status,
                    q.status().map(ProgressStatus::label).orElse(""),
                    Arrays.stream(ProgressStatus.values())
                            .map(c -> new Choice(c.name(), c.label()))
                            .toList(),
                    page.before().isPresent()
                            ? link(status, "before", page.before().getAsLong())
                            : "",
                    page.after().isPresent()
                            ? link(status, "after", page.after().getAsLong())
                            : "",
                    query.isEmpty() ? "" : "?" + query,
                    error == null ? "" : error);
        }

        private static String link(String status, String cursor, long position) {
            return "?" + (status.isEmpty() ? "" : "status=" + status + "&") + cursor + "=" + position + "#partitions";
        }
    }

    /** A status the filter offers: its name in the address, its words. */
    record Choice(String name, String label) {}

    /** One partition: its key, its status, the run that holds it (and the run that died before it, if any). */
    record PartitionLine(
            String partition,
            String status,
            String statusLabel,
            String runId,
            String runShortId,
            int attempt,
            String previousRunId,
            String previousShortId,
            String ended) {

        static PartitionLine of(PartitionRow r) {
            return new PartitionLine(
                    r.partition(),
                    r.status().name(),
                    r.status().label(),
                    r.runId(),
                    RunIds.shortForm(r.runId()),
                    r.attempt(),
                    r.previousRunId() == null ? "" : r.previousRunId(),
                    r.previousRunId() == null ? "" : RunIds.shortForm(r.previousRunId()),
                    Format.time(r.endedAt()));
        }
    }

    public boolean running() {
        return "RUNNING".equals(row.status());
    }

    public boolean paused() {
        return "PAUSED".equals(row.status());
    }

    static BackfillView of(
            Backfill b,
            BackfillRuns.Standing standing,
            BackfillPartitions.Page page,
            BackfillPartitions.Query query,
            List<Run> running,
            Instant now) {
        return of(b, standing, page, query, running, now, null);
    }

    /** The view, with why the address's table filter could not be read ({@code tableError}; null if it could). */
    static BackfillView of(
            Backfill b,
            BackfillRuns.Standing standing,
            BackfillPartitions.Page page,
            BackfillPartitions.Query query,
            List<Run> running,
            Instant now,
            String tableError) {
        BackfillProgress progress = BackfillProgress.of(
                b, standing.counts().runs(), standing.counts().partitions(), now);
        ProgressCounts partitions = standing.counts().partitions();
        ProgressCounts runCounts = progress.runs();
        Duration paused = b.pausedTime(now);
        return new BackfillView(
                BackfillRow.of(b, progress),
                b.mode().name(),
                b.launchedBy(),
                Format.time(b.createdAt()),
                Format.iso(b.createdAt()),
                Format.time(b.endedAt()),
                Format.duration(b.activeTime(now)),
                paused.isZero() ? "" : Format.duration(paused),
                b.parentId() == null ? "" : b.parentId(),
                ProgressBar.of(partitions),
                Format.count(runCounts.ran()) + " of " + Format.count(progress.targetRuns()) + " runs ran"
                        + (runCounts.skipped() > 0 ? ", " + Format.count(runCounts.skipped()) + " skipped" : "")
                        + (runCounts.left() > 0 ? ", " + Format.count(runCounts.left()) + " to go" : ""),
                String.format(Locale.ROOT, "%.2f partitions/s", progress.partitionsPerSecond()),
                eta(b, progress, partitions, now),
                PartitionGrid.of(standing.spans(), PartitionGrid.MAX_CELLS),
                PartitionTable.of(page, query, tableError),
                runsShown(running, page, now, BackfillPage.RUNS_SHOWN),
                running.size(),
                progress.targetRuns(),
                b.status().isTerminal());
    }

    /** The time left, only while the backfill runs: paused, canceled or ended, it has none. */
    static String eta(Backfill b, BackfillProgress progress, ProgressCounts partitions, Instant now) {
        return switch (b.status()) {
            case PAUSED -> "none while paused";
            case CANCELED -> "none: canceled";
            case COMPLETED, FAILED -> "none: ended";
            case RUNNING ->
                partitions.left() == 0
                        ? "none: every partition has run"
                        : Optional.ofNullable(progress.eta())
                                .map(e -> Format.duration(Duration.between(now, e)))
                                .orElse("not known yet");
        };
    }
}
