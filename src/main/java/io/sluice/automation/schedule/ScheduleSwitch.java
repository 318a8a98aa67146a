package io.sluice.automation.schedule;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.TickRecord;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Actors;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.launch.LaunchValidator;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Starts and stops a schedule at run time: the state row (kept across restarts), the audit event and the Quartz
 * wake-up change in one transaction. A start sets the cursor to the start instant, so that ticks from before it are
 * not caught up. Starting a running schedule, or stopping a stopped one, is a conflict: nothing changes.
 */
@ApplicationScoped
public class ScheduleSwitch {

    private final Schedules schedules;
    private final AutomationStore store;
    private final ScheduleWakeups wakeups;
    private final AuditLog audit;
    private final InstantSource clock;

    ScheduleSwitch(
            Schedules schedules, AutomationStore store, ScheduleWakeups wakeups, AuditLog audit, InstantSource clock) {
        this.schedules = schedules;
        this.store = store;
        this.wakeups = wakeups;
        this.audit = audit;
        this.clock = clock;
    }

    public AutomationState start(String name, String actor, String reason) {
        return turn(name, AutomationStatus.RUNNING, actor, reason);
    }

    public AutomationState stop(String name, String actor, String reason) {
        return turn(name, AutomationStatus.STOPPED, actor, reason);
    }

    private AutomationState turn(String name, AutomationStatus to, String actor, String reason) {
        ScheduleSpec spec = schedules.get(name);
        LaunchValidator.requireReason(reason);
        Actors.require("launchedBy", actor);
        // the store keeps microseconds: the cursor is written as the start instant it keeps
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        store.ensure(TickRecord.Source.SCHEDULE, name, spec.defaultStatus(), now);
        return QuarkusTransaction.requiringNew().call(() -> {
            AutomationState state = store.lock(TickRecord.Source.SCHEDULE, name).orElseThrow();
            if (state.status() == to) {
                throw RequestRejected.conflict(
                        "status", "schedule '" + name + "' is " + to.name().toLowerCase(Locale.ROOT) + " already");
            }
            AutomationState turned = state.withStatus(to, now);
            if (to == AutomationStatus.RUNNING) {
                turned = turned.withCursor(now.toString(), now);
                wakeups.wakeAfter(spec, now);
            } else {
                wakeups.sleep(name);
            }
            store.save(turned);
            audit.record(AuditEvent.of(
                    now,
                    Actors.name(actor),
                    to == AutomationStatus.RUNNING ? AuditAction.SCHEDULE_STARTED : AuditAction.SCHEDULE_STOPPED,
                    null,
                    spec.target().assets().stream().map(AssetKey::toString).collect(Collectors.joining(",")),
                    reason,
                    Map.of("schedule", name, "from", state.status().name(), "to", to.name())));
            return turned;
        });
    }
}
