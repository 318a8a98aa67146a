package io.sluice.runs.dispatch;

import io.sluice.runs.Run;
import java.util.Collection;
import java.util.Set;

/**
 * What decides when the runs of a group (see {@link Run#group()}) may start: plugged in by whatever launches groups of
 * runs (later schedules too). Runs of no group are always admitted. Called in the caller's transaction. How many runs of a
 * group execute at once is a stored limit ({@link io.sluice.runs.RunLimits}, scope GROUP), counted at claim time.
 */
public interface Admission {

    /** The groups whose queued runs may start now; the queued runs of any other group wait (a paused group's, say). */
    Collection<String> admitted();

    /** The groups that ended for good: nothing will ever start their queued runs (recovery cancels them). */
    Collection<String> closed();

    /** Of these groups, those whose started runs must stop (a canceled group's). */
    Set<String> stopped(Collection<String> groups);
}
