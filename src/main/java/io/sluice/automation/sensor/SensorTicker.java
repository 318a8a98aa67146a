package io.sluice.automation.sensor;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.automation.AutomationState;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.DynamicPartitionChange;
import io.sluice.automation.SensorContext;
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
import org.jboss.logging.Logger;

/**
 * One sensor tick, as Quartz fires it ({@link SensorJob}) or a test calls it ({@link #tickNow}). In one transaction:
 * lock the sensor's state row (a stopped sensor does nothing), evaluate the sensor with its stored cursor, decide what of
 * its result is kept ({@link SensorTickOutcome}), apply its dynamic partition changes, launch its runs and backfills,
 * record the tick and save the new cursor; then let the dispatcher start the runs. The cursor therefore moves only with
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

    /** Runs one tick of the sensor now; answers what it recorded (empty: the sensor is stopped). */
    public Optional<TickRecord> tickNow(String name) {
        DeclaredSensor sensor = registry.require(name);
        Instant now = clock.instant();
        Optional<TickRecord> done;
        try {
            done = QuarkusTransaction.requiringNew().call(() -> tick(sensor, now));
        } catch (RequestRejected refused) {
            return Optional.of(failed(name, now, "a launch was refused: " + refused.getMessage()));
        } catch (RuntimeException e) {
            LOG.warnf(e, "the tick of sensor %s did not commit; it is evaluated again at its next tick", name);
            return Optional.of(failed(name, now, "the tick did not commit: " + e));
        }
        if (done.isPresent() && done.get().outcome() instanceof TickOutcome.Launched) {
            launcher.dispatchSoon();
        }
        return done;
    }

    private Optional<TickRecord> tick(DeclaredSensor sensor, Instant now) {
        String name = sensor.spec().name();
        Optional<AutomationState> locked = store.lock(TickRecord.Source.SENSOR, name);
        if (locked.isEmpty() || locked.get().status() != AutomationStatus.RUNNING) {
            return Optional.empty();
        }
        AutomationState state = locked.get();
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
                now,
                clock.instant(),
                outcome.recorded(launched.runIds(), launched.backfillIds()));
        store.record(record);
        if (outcome.cursor().isPresent() && !outcome.cursor().equals(state.cursor())) {
            store.save(state.withCursor(outcome.cursor().get(), clock.instant()));
        }
        return Optional.of(record);
    }

    /** Records a failed tick, in a transaction of its own, with the cursor as it is (it did not move). */
    private TickRecord failed(String name, Instant now, String error) {
        try {
            return QuarkusTransaction.requiringNew().call(() -> {
                TickRecord record = new TickRecord(
                        TickRecord.Source.SENSOR, name, now, clock.instant(), new TickOutcome.Failed(error));
                store.record(record);
                return record;
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
