package io.sluice.web;

import io.sluice.automation.StoredTick;
import io.sluice.automation.TickRecord;
import io.sluice.automation.schedule.ScheduleOverview;
import io.sluice.automation.sensor.SensorView;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.AssetCheck;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RunIds;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The overview's rows that are not runs or backfills: failing checks, next ticks, automation decisions. Pure. */
final class OverviewRows {

    /** How many automation decisions and failing checks the overview lists. */
    static final int SHOWN = 10;

    /**
     * How many of the triggers' newest evaluations (of all assets at once) the overview reads for its {@value #SHOWN}
     * decisions: enough for the same hold in a row by one asset to count as one decision.
     */
    static final int EVALUATIONS_READ = 100;

    private OverviewRows() {}

    /** A check that failed (or warned) in the latest run that checked its asset. */
    record FailingCheck(
            String asset,
            String check,
            String outcome,
            String css,
            String message,
            String partition,
            String runId,
            String runShortId,
            String at,
            String atIso) {}

    /** A schedule's or sensor's next tick. */
    record NextTick(String kind, String name, String target, String at, String atIso) {}

    /**
     * One decision of the automation: a schedule or sensor tick or a trigger evaluation, and what it launched;
     * {@code repeats} counts the same skip in a row by the same source (a quiet sensor skips every few seconds).
     */
    record Decision(String source, String name, String href, String at, String atIso, TickRow tick, int repeats) {

        boolean sameSkip(Decision other) {
            return tick.runIds().isEmpty()
                    && tick.backfillIds().isEmpty()
                    && source.equals(other.source)
                    && name.equals(other.name)
                    && tick.outcome().equals(other.tick.outcome())
                    && tick.detail().equals(other.tick.detail());
        }
    }

    static List<FailingCheck> failingChecks(List<RecordedCheck> latest) {
        return latest.stream()
                .filter(c -> !c.result().passed())
                .sorted(Comparator.comparing(RecordedCheck::ts).reversed())
                .limit(SHOWN)
                .map(c -> {
                    boolean blocking = c.result().severity() == AssetCheck.Severity.ERROR;
                    String message = c.result().message() != null
                            ? c.result().message()
                            : c.result().observed() == null
                                    ? ""
                                    : "observed " + c.result().observed()
                                            + (c.result().threshold() == null
                                                    ? ""
                                                    : ", threshold "
                                                            + c.result().threshold());
                    return new FailingCheck(
                            c.asset().toString(),
                            c.result().name(),
                            blocking ? "failed" : "warning",
                            blocking ? "s-FAILURE" : "s-QUEUED",
                            message,
                            c.partition() == null ? "" : c.partition(),
                            c.runId(),
                            RunIds.shortForm(c.runId()),
                            Format.time(c.ts()),
                            Format.iso(c.ts()));
                })
                .toList();
    }

    /** Running schedules and sensors by their next tick, soonest first. */
    static List<NextTick> nextTicks(List<ScheduleOverview> schedules, List<SensorView> sensors) {
        Stream<NextTick> fromSchedules = schedules.stream()
                .filter(s -> s.nextTick().isPresent())
                .map(s -> new NextTick(
                        "schedule",
                        s.spec().name(),
                        s.spec().target().assets().stream()
                                .map(AssetKey::toString)
                                .collect(Collectors.joining(", ")),
                        Format.time(s.nextTick().get()),
                        Format.iso(s.nextTick().get())));
        Stream<NextTick> fromSensors = sensors.stream()
                .filter(s -> s.nextTick().isPresent())
                .map(s -> new NextTick(
                        "sensor",
                        s.spec().name(),
                        "every " + Format.duration(s.spec().interval()),
                        Format.time(s.nextTick().get()),
                        Format.iso(s.nextTick().get())));
        return Stream.concat(fromSchedules, fromSensors)
                .sorted(Comparator.comparing(NextTick::atIso))
                .toList();
    }

    /** The newest decisions among these ticks, newest first, the same skip in a row by one source counted once. */
    static List<Decision> decisions(List<StoredTick> ticks) {
        List<Decision> out = new java.util.ArrayList<>();
        ticks.stream()
                .sorted(Comparator.comparing((StoredTick t) -> t.tick().evaluatedAt())
                        .thenComparing(StoredTick::id)
                        .reversed())
                .map(OverviewRows::decision)
                .forEach(d -> {
                    Decision last = out.isEmpty() ? null : out.get(out.size() - 1);
                    if (last != null && last.sameSkip(d)) {
                        out.set(
                                out.size() - 1,
                                new Decision(
                                        last.source(),
                                        last.name(),
                                        last.href(),
                                        last.at(),
                                        last.atIso(),
                                        last.tick(),
                                        last.repeats() + 1));
                    } else if (out.size() < SHOWN) {
                        out.add(d);
                    }
                });
        return out;
    }

    private static Decision decision(StoredTick t) {
        TickRecord r = t.tick();
        String source = r.source().name().toLowerCase(java.util.Locale.ROOT);
        String href = r.source() == TickRecord.Source.TRIGGER ? "/assets/" + r.name() : "/automation";
        Instant at = r.evaluatedAt();
        return new Decision(source, r.name(), href, Format.time(at), Format.iso(at), TickRow.of(t), 1);
    }
}
