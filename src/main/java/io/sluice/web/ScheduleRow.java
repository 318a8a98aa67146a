package io.sluice.web;

import io.sluice.automation.MisfirePolicy;
import io.sluice.automation.StoredTick;
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
