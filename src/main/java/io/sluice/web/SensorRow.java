package io.sluice.web;

import io.sluice.automation.AutomationStatus;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.sensor.SensorView;
import io.sluice.runs.RunIds;
import java.util.List;

/** One sensor in the sensors section: its toggle, interval, next tick and last tick with what it launched. */
public record SensorRow(
        String name,
        boolean running,
        String status,
        String interval,
        String nextTick,
        String lastTick,
        String lastOutcome,
        String lastDetail,
        List<RunLink> lastRuns,
        List<TickRow> ticks) {

    /** A run a tick launched: its id and the short form the pages show. */
    public record RunLink(String id, String shortId) {}

    static SensorRow of(SensorView view) {
        return of(view, List.of());
    }

    /** The sensor with its newest ticks, newest first. */
    static SensorRow of(SensorView view, List<StoredTick> ticks) {
        StoredTick last = view.lastTick().orElse(null);
        TickOutcome outcome = last == null ? null : last.tick().outcome();
        return new SensorRow(
                view.spec().name(),
                view.state().status() == AutomationStatus.RUNNING,
                view.state().status().name(),
                Format.duration(view.spec().interval()),
                view.nextTick().map(Format::time).orElse(""),
                last == null ? "" : Format.time(last.tick().tick()),
                outcome == null ? "" : name(outcome),
                outcome == null ? "" : outcome.detail(),
                outcome instanceof TickOutcome.Launched l
                        ? l.runIds().stream()
                                .map(id -> new RunLink(id, RunIds.shortForm(id)))
                                .toList()
                        : List.of(),
                ticks.stream().map(TickRow::of).toList());
    }

    private static String name(TickOutcome outcome) {
        return outcome instanceof TickOutcome.Launched
                ? "LAUNCHED"
                : outcome instanceof TickOutcome.Skipped ? "SKIPPED" : "FAILED";
    }
}
