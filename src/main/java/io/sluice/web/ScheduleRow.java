package io.sluice.web;

import io.sluice.automation.MisfirePolicy;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.schedule.ScheduleOverview;
import io.sluice.catalog.AssetKey;
import java.util.List;
import java.util.stream.Collectors;

/** A schedule on the automation page: what it launches, whether it runs, its next tick and its last ticks. */
record ScheduleRow(
        String name,
        String cron,
        String zone,
        String misfire,
        String target,
        String partitions,
        boolean running,
        String nextTick,
        String nextTickIso,
        List<TickRow> ticks) {

    /** One tick of history: when, what it ended as, what it launched (runs link to their page) or why not. */
    record TickRow(
            String tick, String tickIso, String outcome, List<String> runIds, List<String> backfillIds, String detail) {

        static TickRow of(StoredTick stored) {
            TickOutcome outcome = stored.tick().outcome();
            String kind;
            String detail = "";
            List<String> runs = List.of();
            List<String> backfills = List.of();
            if (outcome instanceof TickOutcome.Launched l) {
                kind = "LAUNCHED";
                runs = l.runIds();
                backfills = l.backfillIds();
            } else if (outcome instanceof TickOutcome.Skipped s) {
                kind = "SKIPPED";
                detail = s.reason();
            } else {
                kind = "FAILED";
                detail = ((TickOutcome.Failed) outcome).error();
            }
            return new TickRow(
                    Format.time(stored.tick().tick()), Format.iso(stored.tick().tick()), kind, runs, backfills, detail);
        }

        /** The status class the pages colour an outcome with. */
        public String statusClass() {
            return switch (outcome) {
                case "LAUNCHED" -> "s-SUCCESS";
                case "FAILED" -> "s-FAILURE";
                default -> "s-SKIPPED";
            };
        }

        /** The last 8 characters of an id, as the pages show run ids. */
        public String shortId(String id) {
            return id.length() <= 8 ? id : id.substring(id.length() - 8);
        }
    }

    static ScheduleRow of(ScheduleOverview o, List<StoredTick> ticks) {
        return new ScheduleRow(
                o.spec().name(),
                o.spec().cron().expression(),
                o.spec().zone().getId(),
                o.spec().misfire() instanceof MisfirePolicy.CatchUp c ? "catch up " + c.maxTicks() : "skip missed",
                o.spec().target().assets().stream().map(AssetKey::toString).collect(Collectors.joining(", ")),
                o.spec().partitions().map(p -> p.describe()).orElse(""),
                o.running(),
                o.nextTick().map(Format::time).orElse(""),
                o.nextTick().map(Format::iso).orElse(""),
                ticks.stream().map(TickRow::of).toList());
    }
}
