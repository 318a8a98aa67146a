package io.sluice.automation.sensor;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.SensorSpec;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickRecord;
import io.sluice.runs.Actors;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.launch.LaunchValidator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The declared sensors at run time: at start-up each gets its state row (its default status the first time; then the
 * status kept across restarts) and each running one its Quartz trigger; start and stop change the status, the trigger
 * and the audit trail together (starting a running sensor or stopping a stopped one is a conflict: nothing changes,
 * nothing is audited); and the views the API and the pages show.
 */
@ApplicationScoped
public class SensorService {

    /** The most tick history entries one read answers. */
    public static final int MAX_TICKS = 500;

    private final SensorRegistry registry;
    private final AutomationStore store;
    private final SensorTriggers triggers;
    private final AuditLog audit;
    private final InstantSource clock;

    public SensorService(
            SensorRegistry registry,
            AutomationStore store,
            SensorTriggers triggers,
            AuditLog audit,
            InstantSource clock) {
        this.registry = registry;
        this.store = store;
        this.triggers = triggers;
        this.audit = audit;
        this.clock = clock;
    }

    void onStart(@Observes StartupEvent event) {
        registerAll();
    }

    /**
     * Ensures every sensor's state row and the triggers of the running ones ({@link SensorTriggers#ensure}: a trigger
     * that is right is kept, so a start-up does not move the phase under the other nodes), and removes the triggers of
     * stopped sensors and of sensors no longer declared; safe to repeat.
     */
    public void registerAll() {
        Set<String> declared = registry.all().stream().map(s -> s.spec().name()).collect(Collectors.toSet());
        QuarkusTransaction.requiringNew()
                .run(() -> triggers.names().stream()
                        .filter(name -> !declared.contains(name))
                        .forEach(triggers::remove));
        for (DeclaredSensor sensor : registry.all()) {
            SensorSpec spec = sensor.spec();
            store.ensure(TickRecord.Source.SENSOR, spec.name(), spec.defaultStatus(), clock.instant());
            QuarkusTransaction.requiringNew().run(() -> {
                AutomationState state =
                        store.lock(TickRecord.Source.SENSOR, spec.name()).orElseThrow();
                if (state.status() == AutomationStatus.RUNNING) {
                    triggers.ensure(spec, startedAt(state));
                } else {
                    triggers.remove(spec.name());
                }
            });
        }
    }

    public List<SensorView> list() {
        return registry.all().stream().map(s -> view(s.spec())).toList();
    }

    public SensorView get(String name) {
        return view(registry.require(name).spec());
    }

    /** History of the sensor, newest first, ids below {@code beforeId} if given. */
    public List<StoredTick> ticks(String name, int limit, Optional<Long> beforeId) {
        registry.require(name);
        if (limit < 1 || limit > MAX_TICKS) {
            throw RequestRejected.invalid("limit", "limit must be between 1 and " + MAX_TICKS + ", got " + limit);
        }
        return store.ticks(TickRecord.Source.SENSOR, name, limit, beforeId);
    }

    public SensorView start(String name, String actor, String reason) {
        return change(name, AutomationStatus.RUNNING, actor, reason);
    }

    public SensorView stop(String name, String actor, String reason) {
        return change(name, AutomationStatus.STOPPED, actor, reason);
    }

    private SensorView change(String name, AutomationStatus status, String actor, String reason) {
        SensorSpec spec = registry.require(name).spec();
        LaunchValidator.requireReason(reason);
        Actors.require("actor", actor);
        Instant now = clock.instant();
        store.ensure(TickRecord.Source.SENSOR, name, spec.defaultStatus(), now);
        QuarkusTransaction.requiringNew().run(() -> {
            AutomationState state = store.lock(TickRecord.Source.SENSOR, name).orElseThrow();
            if (state.status() == status) {
                throw RequestRejected.conflict(
                        "status", "sensor '" + name + "' is " + status.name().toLowerCase(Locale.ROOT) + " already");
            }
            AutomationState changed = state.withStatus(status, now);
            store.save(changed);
            if (status == AutomationStatus.RUNNING) {
                triggers.schedule(spec, startedAt(changed));
            } else {
                triggers.remove(name);
            }
            audit.record(AuditEvent.of(
                    now,
                    Actors.name(actor),
                    status == AutomationStatus.RUNNING ? AuditAction.SENSOR_STARTED : AuditAction.SENSOR_STOPPED,
                    null,
                    null,
                    reason,
                    Map.of("sensor", name, "was", state.status().name())));
        });
        return view(spec);
    }

    /** Where a running sensor's slots are counted from: its last start (the epoch for a row that never kept one). */
    static Instant startedAt(AutomationState state) {
        return state.startedAt().orElse(Instant.EPOCH);
    }

    private SensorView view(SensorSpec spec) {
        AutomationState state = store.find(TickRecord.Source.SENSOR, spec.name())
                .orElseGet(() ->
                        store.ensure(TickRecord.Source.SENSOR, spec.name(), spec.defaultStatus(), clock.instant()));
        Optional<StoredTick> last = store.ticks(TickRecord.Source.SENSOR, spec.name(), 1, Optional.empty()).stream()
                .findFirst();
        Optional<Instant> next =
                state.status() == AutomationStatus.RUNNING ? triggers.next(spec.name()) : Optional.empty();
        return new SensorView(spec, state, next, last);
    }
}
