package io.sluice.automation.schedule;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickRecord;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Puts a declared schedule's stored state where a test needs it, as if it had run until then. */
final class ScheduleFixture {

    private ScheduleFixture() {}

    /** The schedule runs, its cursor at {@code cursor}; a fresh history page starts after the newest entry so far. */
    static void running(AutomationStore store, String name, Instant cursor) {
        set(store, name, AutomationStatus.RUNNING, cursor);
    }

    static void stopped(AutomationStore store, String name, Instant cursor) {
        set(store, name, AutomationStatus.STOPPED, cursor);
    }

    private static void set(AutomationStore store, String name, AutomationStatus status, Instant cursor) {
        store.ensure(TickRecord.Source.SCHEDULE, name, AutomationStatus.STOPPED, cursor);
        QuarkusTransaction.requiringNew().run(() -> {
            AutomationState state = store.lock(TickRecord.Source.SCHEDULE, name).orElseThrow();
            store.save(state.withStatus(status, cursor).withCursor(cursor.toString(), cursor));
        });
    }

    /** The id of the newest history entry of {@code name} (0: none), to read what a test adds after it. */
    static long newestTick(AutomationStore store, String name) {
        return store.ticks(TickRecord.Source.SCHEDULE, name, 1, Optional.empty()).stream()
                .mapToLong(StoredTick::id)
                .findFirst()
                .orElse(0);
    }

    /** The history entries of {@code name} after {@code afterId}, oldest first. */
    static List<TickRecord> ticksAfter(AutomationStore store, String name, long afterId) {
        return store.ticks(TickRecord.Source.SCHEDULE, name, 1000, Optional.empty()).stream()
                .filter(t -> t.id() > afterId)
                .sorted((a, b) -> Long.compare(a.id(), b.id()))
                .map(StoredTick::tick)
                .toList();
    }

    static Instant cursor(AutomationStore store, String name) {
        return Instant.parse(store.find(TickRecord.Source.SCHEDULE, name)
                .orElseThrow()
                .cursor()
                .orElseThrow());
    }
}
