package io.sluice.runs.dispatch;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many queued runs of one kind a worker claims at once. Runs of a group execute one after another,
 * so the group's later runs show STARTED while they wait: the group is sized so that it takes about
 * {@code targetMillis} at the runs' recent pace (fast runs: many at once; slow ones: one at a time),
 * starting at one run until a duration has been seen. Pure arithmetic over observed durations.
 */
final class GroupSizer {

    /** Weight of the newest observation in the moving average. */
    private static final double WEIGHT = 0.3;

    private final int maxRuns;
    private final double targetMillis;
    private final Map<String, Double> averageMillis = new ConcurrentHashMap<>();

    GroupSizer(int maxRuns, long targetMillis) {
        if (maxRuns < 1 || targetMillis < 0) {
            throw new IllegalArgumentException("a group has at least one run and a target of at least 0 ms");
        }
        this.maxRuns = maxRuns;
        this.targetMillis = targetMillis;
    }

    /** Runs to claim together for runs of this kind (for example a group's assets). */
    int size(String kind) {
        Double average = averageMillis.get(kind);
        if (average == null) {
            return 1;
        }
        double fits = targetMillis / Math.max(average, 0.001);
        return (int) Math.max(1, Math.min(maxRuns, Math.floor(fits)));
    }

    /** One run of this kind took {@code millis} to execute (its stored records aside). */
    void observe(String kind, double millis) {
        averageMillis.merge(kind, millis, (old, now) -> old + WEIGHT * (now - old));
    }
}
