package io.sluice.automation.sensor;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.DynamicPartitionChange;
import io.sluice.automation.SensorContext;
import io.sluice.automation.SensorSlots;
import io.sluice.automation.SensorTickOutcome;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.automation.launch.AutomationLauncher;
import io.sluice.identity.Caller;
import io.sluice.runs.DynamicPartitionService;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * One sensor tick, as Quartz fires it ({@link #fire}, from {@link SensorJob}) or a test calls it ({@link #tickNow}). In
 * one transaction: lock the sensor's state row (a stopped sensor does nothing), for a fire apply the slot fence (a slot
 * already evaluated, by this node or another, does nothing: see {@link SensorSlots}), evaluate the sensor with its stored cursor, decide what of
 * its result is kept ({@link SensorTickOutcome}), apply its dynamic partition changes, launch its runs and backfills,
 * record the tick (a fire's tick is named by its slot's middle, a tick asked by hand by the instant it was asked) and
 * save the new cursor and the slot; then let the dispatcher start the runs. The cursor therefore moves only with
 * the launches it produced: if the transaction fails (a crash, a refused launch) nothing of the tick is kept and the next
 * tick evaluates the old cursor again. A refused launch or a failed commit is recorded as a FAILED tick in a transaction
 * of its own, with the old cursor.
 *
 * <p>The sensor is evaluated inside the locked transaction: simple, and the lock also keeps two nodes from evaluating
 * one sensor at once; a sensor must therefore be quick (see {@link DeclaredSensor}).
 */
@ApplicationScoped
public class SensorTicker {

    private static final Logger LOG = Logger.getLogger(SensorTicker.class);

    private final SensorRegistry registry;
    private final AutomationStore store;
    private final AutomationLauncher launcher;
    private final DynamicPartitionService partitions;
    private final InstantSource clock;
    private final AtomicLong fenced = new AtomicLong();

    public SensorTicker(
            SensorRegistry registry,
            AutomationStore store,
            AutomationLauncher launcher,
            DynamicPartitionService partitions,
            InstantSource clock) {
        this.registry = registry;
        this.store = store;
        this.launcher = launcher;
        this.partitions = partitions;
        this.clock = clock;
    }

    /**
     * What a fire of the sensor's trigger does: one tick, unless the sensor's current slot was evaluated already (by
     * this node or another); answers what it recorded (empty: the sensor is stopped or the slot was done).
     */
    public Optional<TickRecord> fire(String name) {
        return tick(name, true);
    }

    /** Runs one tick of the sensor now, whatever its slot; answers what it recorded (empty: the sensor is stopped). */
    public Optional<TickRecord> tickNow(String name) {
        return tick(name, false);
    }

    /** How many fires found their slot evaluated already since this node started. */
    public long fencedFires() {
        return fenced.get();
    }

    private Optional<TickRecord> tick(String name, boolean fence) {
        DeclaredSensor sensor = registry.require(name);
        Instant now = clock.instant();
        Optional<TickRecord> done;
        try {
            done = QuarkusTransaction.requiringNew().call(() -> tick(sensor, now, fence));
        } catch (RequestRejected refused) {
            return failed(sensor, now, fence, "a launch was refused: " + refused.getMessage());
        } catch (RuntimeException e) {
            LOG.warnf(e, "the tick of sensor %s did not commit; it is evaluated again at its next tick", name);
            return failed(sensor, now, fence, "the tick did not commit: " + e);
        }
        if (done.isPresent() && done.get().outcome() instanceof TickOutcome.Launched) {
            launcher.dispatchSoon();
        }
        return done;
    }

    private Optional<TickRecord> tick(DeclaredSensor sensor, Instant now, boolean fence) {
        String name = sensor.spec().name();
        Optional<AutomationState> locked = store.lock(TickRecord.Source.SENSOR, name);
        if (locked.isEmpty() || locked.get().status() != AutomationStatus.RUNNING) {
            return Optional.empty();
        }
        AutomationState state = locked.get();
        // the slot of the instant the lock is held: fires that queued on the lock are fenced in the order they hold it
        Instant slot = slot(sensor, state, clock.instant());
        if (fence && !SensorSlots.due(state.lastSlot(), slot)) {
            fenced.incrementAndGet();
            LOG.debugf("sensor %s: the slot of %s was evaluated already; this fire does nothing", name, slot);
            return Optional.empty();
        }
        Optional<Instant> previous = store.ticks(TickRecord.Source.SENSOR, name, 1, Optional.empty()).stream()
                .findFirst()
                .map(t -> t.tick().tick());
        SensorTickOutcome outcome = SensorTickOutcome.evaluate(
                sensor.spec(), sensor, new SensorContext(name, now, previous), state.cursor());
        String actor = actor(name);
        for (DynamicPartitionChange change : outcome.partitionChanges()) {
            String reason = "sensor " + name;
            if (!change.add().isEmpty()) {
                partitions.addInCurrentTransaction(change.definition(), change.add(), actor, reason);
            }
            if (!change.remove().isEmpty()) {
                partitions.removeInCurrentTransaction(change.definition(), change.remove(), actor, reason);
            }
        }
        AutomationLauncher.Launched launched = launcher.launchAll(outcome.launches(), actor);
        TickRecord record = new TickRecord(
                TickRecord.Source.SENSOR,
                name,
                fence ? slot : now,
                clock.instant(),
                outcome.recorded(launched.runIds(), launched.backfillIds()));
        store.record(record);
        AutomationState next = state;
        if (outcome.cursor().isPresent() && !outcome.cursor().equals(state.cursor())) {
            next = next.withCursor(outcome.cursor().get(), clock.instant());
        }
        if (fence) {
            next = next.withLastSlot(slot, clock.instant());
        }
        if (next != state) {
            store.save(next);
        }
        return Optional.of(record);
    }

    private static Instant slot(DeclaredSensor sensor, AutomationState state, Instant now) {
        return SensorSlots.slot(SensorService.startedAt(state), sensor.spec().interval(), now);
    }

    /**
     * Records a failed tick, in a transaction of its own, with the cursor as it is (it did not move); a fire's slot
     * counts as evaluated (the sensor is evaluated again in its next slot), and a fire whose slot another node has
     * evaluated meanwhile records nothing.
     */
    private Optional<TickRecord> failed(DeclaredSensor sensor, Instant now, boolean fence, String error) {
        String name = sensor.spec().name();
        try {
            return QuarkusTransaction.requiringNew().call(() -> {
                Instant at = now;
                if (fence) {
                    Optional<AutomationState> locked = store.lock(TickRecord.Source.SENSOR, name);
                    if (locked.isPresent()) {
                        Instant slot = slot(sensor, locked.get(), clock.instant());
                        if (!SensorSlots.due(locked.get().lastSlot(), slot)) {
                            return Optional.<TickRecord>empty();
                        }
                        store.save(locked.get().withLastSlot(slot, clock.instant()));
                        at = slot;
                    }
                }
                TickRecord record = new TickRecord(
                        TickRecord.Source.SENSOR, name, at, clock.instant(), new TickOutcome.Failed(error));
                store.record(record);
                return Optional.of(record);
            });
        } catch (RuntimeException e) {
            LOG.errorf(e, "cannot record the failed tick of sensor %s: %s", name, error);
            throw e;
        }
    }

    /** Who launches what a sensor asks for, as the audit trail and the runs record it. */
    public static String actor(String sensor) {
        return Caller.sensor(sensor).name();
    }
}
