package io.sluice.automation.schedule;

import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickRecord;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;

/** What the API and the pages read of schedules: each with its state, next tick and last tick; its tick history. */
@ApplicationScoped
public class ScheduleViews {

    /** The most history entries one page answers. */
    public static final int MAX_TICKS = 500;

    private final Schedules schedules;
    private final AutomationStore store;
    private final InstantSource clock;

    ScheduleViews(Schedules schedules, AutomationStore store, InstantSource clock) {
        this.schedules = schedules;
        this.store = store;
        this.clock = clock;
    }

    public List<ScheduleOverview> all() {
        return schedules.all().stream().map(this::overview).toList();
    }

    /** The schedule named {@code name}; a {@link io.sluice.runs.RequestRejected.NotFound} if none is declared. */
    public ScheduleOverview get(String name) {
        return overview(schedules.get(name));
    }

    /** History of the schedule, newest first, {@code limit} entries with ids below {@code beforeId} if given. */
    public List<StoredTick> ticks(String name, int limit, Optional<Long> beforeId) {
        schedules.get(name);
        return store.ticks(TickRecord.Source.SCHEDULE, name, limit, beforeId);
    }

    private ScheduleOverview overview(ScheduleSpec spec) {
        Instant now = clock.instant();
        AutomationState state = store.find(TickRecord.Source.SCHEDULE, spec.name())
                .orElseGet(() -> store.ensure(TickRecord.Source.SCHEDULE, spec.name(), spec.defaultStatus(), now));
        return new ScheduleOverview(
                spec,
                state,
                ScheduleOverview.nextTick(spec, state, now),
                store.ticks(TickRecord.Source.SCHEDULE, spec.name(), 1, Optional.empty()).stream()
                        .findFirst());
    }
}
