package io.sluice.automation;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The metadata store's port for automation: the state of each schedule, sensor and trigger, and the tick history.
 * {@link #lock}, {@link #save} and {@link #record} join the caller's transaction, so that a tick's cursor, its history
 * entry and the runs and backfills it launched commit together.
 */
public interface AutomationStore {

    /**
     * Creates the state row with {@code defaultStatus} if there is none (its start time {@code now} if it runs), in a
     * transaction of its own; an existing row, its status and cursor, are kept. Safe when several nodes race.
     */
    AutomationState ensure(TickRecord.Source source, String name, AutomationStatus defaultStatus, Instant now);

    /** The state row, locked until the caller's transaction ends (one node handles a tick at a time). */
    Optional<AutomationState> lock(TickRecord.Source source, String name);

    Optional<AutomationState> find(TickRecord.Source source, String name);

    /** Every state row of {@code source}, by name. */
    List<AutomationState> all(TickRecord.Source source);

    /** Writes the state row (it exists: {@link #ensure} made it), in the caller's transaction. */
    void save(AutomationState state);

    /** Appends an entry to tick history in the caller's transaction; returns its id. */
    long record(TickRecord tick);

    /** History of one schedule, sensor or trigger, newest first, ids below {@code beforeId} if given. */
    List<StoredTick> ticks(TickRecord.Source source, String name, int limit, Optional<Long> beforeId);

    /** The newest entries of every name of {@code source}, newest first. */
    List<StoredTick> recent(TickRecord.Source source, int limit);

    /** The newest tick of each of these names of a source, in one read (names without a tick are absent). */
    Map<String, StoredTick> newest(TickRecord.Source source, Collection<String> names);

    /** Deletes history evaluated before {@code before}, in transactions of its own; returns how many entries went. */
    int prune(Instant before);
}
