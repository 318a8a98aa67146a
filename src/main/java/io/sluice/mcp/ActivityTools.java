package io.sluice.mcp;

import static io.sluice.mcp.AnalysisTool.property;
import static io.sluice.mcp.AnalysisTool.schema;

import io.sluice.app.BackfillList;
import io.sluice.app.ListPage;
import io.sluice.app.PageRequest;
import io.sluice.app.RunList;
import io.sluice.backfill.BackfillFilter;
import io.sluice.catalog.AssetKey;
import io.sluice.identity.Caller;
import io.sluice.runs.AssetService;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.Run;
import io.sluice.runs.RunFilter;
import io.sluice.runs.RunStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** {@code summarize_activity}: runs, backfills and check results of an asset or a time range, summarised. */
@ApplicationScoped
class ActivityTools implements ToolGroup {

    /** The most runs and backfills a summary reads; beyond, it says it was truncated. */
    static final int MAX_READ = 5_000;

    private final RunList runs;
    private final BackfillList backfills;
    private final AssetService assets;

    ActivityTools(RunList runs, BackfillList backfills, AssetService assets) {
        this.runs = runs;
        this.backfills = backfills;
        this.assets = assets;
    }

    record Summary(
            String asset,
            Instant from,
            Instant to,
            RunSummary runs,
            List<BackfillLine> backfills,
            List<CheckLine> checks) {}

    record RunSummary(
            int counted,
            boolean truncated,
            Map<String, Integer> byStatus,
            Double medianSeconds,
            Double p90Seconds,
            Double maxSeconds,
            long rowsWritten,
            List<FailedRun> latestFailures) {}

    record FailedRun(String runId, List<String> assets, List<String> partitions, Instant endedAt, String error) {}

    record BackfillLine(
            String id,
            String status,
            List<String> assets,
            Instant createdAt,
            Instant endedAt,
            long partitions,
            long succeeded,
            long failed,
            long remaining) {}

    record CheckLine(
            String asset,
            String check,
            String severity,
            int passed,
            int failed,
            Instant lastFailedAt,
            String lastFailureRun,
            String lastFailureMessage) {}

    @Override
    public List<AnalysisTool> tools() {
        return List.of(new AnalysisTool(
                "summarize_activity",
                "Runs, backfills and check results, of one asset or all, created in a time range (default: the last 7"
                        + " days): runs by status with durations (median, p90, max), rows written and the latest"
                        + " failures with their errors; backfills with their partitions done, failed and left; and each"
                        + " check's passes and failures with the last failure.",
                schema(property("asset", "string", "Only this asset, like raw/form_adv_filings.")
                        + ","
                        + property("from", "string", "From this time, ISO 8601 with offset (7 days ago).")
                        + ","
                        + property("to", "string", "Before this time, ISO 8601 with offset (now).")),
                Set.of("asset", "from", "to"),
                this::summarize));
    }

    private Summary summarize(ToolInput input) {
        Optional<AssetKey> asset =
                input.text("asset").map(k -> assets.get(k).spec().key());
        Instant to = input.instant("to").orElseGet(Instant::now);
        Instant from = input.instant("from").orElse(to.minus(Duration.ofDays(7)));
        if (!from.isBefore(to)) {
            throw new ToolRefused("from (" + from + ") must be before to (" + to + ")");
        }
        return new Summary(
                asset.map(AssetKey::toString).orElse(null),
                from,
                to,
                runs(input.caller(), asset, from, to),
                backfills(input.caller(), asset, from, to),
                checks(asset, from, to));
    }

    private RunSummary runs(Caller caller, Optional<AssetKey> asset, Instant from, Instant to) {
        RunFilter filter = asset.map(RunFilter.NONE::withAsset)
                .orElse(RunFilter.NONE)
                .createdBetween(Optional.of(from), Optional.of(to));
        List<Run> read = new ArrayList<>();
        ListPage<Run> page = runs.page(caller, filter, PageRequest.first(PageRequest.MAX_LIMIT));
        read.addAll(page.items());
        while (page.next().isPresent() && read.size() < MAX_READ) {
            page = runs.page(
                    caller,
                    filter,
                    PageRequest.after(PageRequest.MAX_LIMIT, page.next().get().encode()));
            read.addAll(page.items());
        }
        Map<String, Integer> byStatus = new TreeMap<>();
        read.forEach(r -> byStatus.merge(r.status().name(), 1, Integer::sum));
        List<Double> seconds = read.stream()
                .filter(r -> r.startedAt() != null && r.endedAt() != null)
                .map(r -> Duration.between(r.startedAt(), r.endedAt()).toMillis() / 1000.0)
                .sorted()
                .toList();
        List<FailedRun> failures = read.stream()
                .filter(r -> r.status() == RunStatus.FAILURE)
                .limit(10)
                .map(r -> new FailedRun(
                        r.id(),
                        r.assets().stream().map(AssetKey::toString).toList(),
                        r.partitions().stream().limit(5).toList(),
                        r.endedAt(),
                        r.error()))
                .toList();
        return new RunSummary(
                read.size(),
                page.next().isPresent(),
                byStatus,
                quantile(seconds, 0.5),
                quantile(seconds, 0.9),
                seconds.isEmpty() ? null : seconds.get(seconds.size() - 1),
                read.stream().mapToLong(Run::rowsWritten).sum(),
                failures);
    }

    private static Double quantile(List<Double> sorted, double q) {
        return sorted.isEmpty() ? null : sorted.get((int) Math.min(sorted.size() - 1, Math.floor(q * sorted.size())));
    }

    private List<BackfillLine> backfills(Caller caller, Optional<AssetKey> asset, Instant from, Instant to) {
        List<BackfillLine> lines = new ArrayList<>();
        ListPage<BackfillList.Item> page = backfills.page(caller, BackfillFilter.NONE, PageRequest.first(100));
        int read = 0;
        while (true) {
            for (BackfillList.Item item : page.items()) {
                Instant created = item.backfill().createdAt();
                if (created.isBefore(from)) {
                    return lines; // newest first: the rest are older still
                }
                if (created.isBefore(to)
                        && asset.map(a -> item.backfill().assets().contains(a)).orElse(true)) {
                    var p = item.progress().partitions();
                    lines.add(new BackfillLine(
                            item.backfill().id(),
                            item.backfill().status().name(),
                            item.backfill().assets().stream()
                                    .map(AssetKey::toString)
                                    .toList(),
                            created,
                            item.backfill().endedAt(),
                            p.total(),
                            p.succeeded(),
                            p.failed(),
                            p.total() - p.succeeded() - p.failed() - p.canceled() - p.skipped()));
                }
            }
            read += page.items().size();
            if (page.next().isEmpty() || read >= MAX_READ || lines.size() >= 50) {
                return lines;
            }
            page = backfills.page(
                    caller,
                    BackfillFilter.NONE,
                    PageRequest.after(100, page.next().get().encode()));
        }
    }

    private List<CheckLine> checks(Optional<AssetKey> asset, Instant from, Instant to) {
        List<AssetKey> keys = asset.map(List::of)
                .orElseGet(() -> assets.keys().stream()
                        .sorted(Comparator.comparing(AssetKey::toString))
                        .toList());
        Map<String, CheckLine> lines = new LinkedHashMap<>();
        for (AssetKey key : keys) {
            List<RecordedCheck> history = assets.checkHistory(key, AssetService.MAX_HISTORY); // newest first
            for (RecordedCheck c : history) {
                if (c.ts().isBefore(from) || !c.ts().isBefore(to)) {
                    continue;
                }
                String id = key + "|" + c.result().name() + "|" + c.result().severity();
                CheckLine line = lines.getOrDefault(
                        id,
                        new CheckLine(
                                key.toString(),
                                c.result().name(),
                                c.result().severity().name(),
                                0,
                                0,
                                null,
                                null,
                                null));
                boolean firstFailure = !c.result().passed() && line.lastFailedAt() == null;
                lines.put(
                        id,
                        new CheckLine(
                                line.asset(),
                                line.check(),
                                line.severity(),
                                line.passed() + (c.result().passed() ? 1 : 0),
                                line.failed() + (c.result().passed() ? 0 : 1),
                                firstFailure ? c.ts() : line.lastFailedAt(),
                                firstFailure ? c.runId() : line.lastFailureRun(),
                                firstFailure ? c.result().message() : line.lastFailureMessage()));
            }
        }
        return List.copyOf(lines.values());
    }
}
