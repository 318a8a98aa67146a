package io.sluice.runs.dispatch;

import io.sluice.runs.QueuedRun;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * What the dispatcher starts next, decided without I/O: given the queued runs fetched ahead (in queue order), the runs
 * in flight, the free workers and the limits, the groups to start now. A run of no group (a single launch) is a group of
 * its own; a grouped run is joined by the next queued runs of the same group, up to {@code groupSize} of them, while the
 * limits allow. A run the limits hold back keeps its place; the runs after it may start (limits count runs, since every
 * run of a claimed group shows STARTED). A run already in flight is dropped from the runs ahead.
 *
 * @param limits    most runs at once per group and per pool ({@link Integer#MAX_VALUE}: no limit)
 * @param pools     the pools a run's assets declare
 * @param groupSize how many runs to claim together with this grouped run (at least 1)
 */
record DispatchPlan(Limits limits, Function<QueuedRun, Set<String>> pools, ToIntFunction<QueuedRun> groupSize) {

    /** Most runs executing at once per group of runs and per pool. */
    interface Limits {
        int group(String group);

        int pool(String pool);
    }

    /**
     * The decision: the groups to start, in order; how many runs from the head of the runs ahead it looked at (they
     * leave the runs ahead); and those of them held back by a limit (they go back to the head, in order).
     */
    record Decision(List<List<QueuedRun>> start, int examined, List<QueuedRun> held) {
        Decision {
            start = List.copyOf(start);
            held = List.copyOf(held);
        }
    }

    /** The groups to start now; reads {@code ahead} only as far as it needs to fill the free workers. */
    Decision decide(Iterable<QueuedRun> ahead, Collection<QueuedRun> inFlight, int freeWorkers) {
        Map<String, Integer> byGroup = new HashMap<>();
        Map<String, Integer> byPool = new HashMap<>();
        Set<String> flying = new HashSet<>();
        for (QueuedRun running : inFlight) {
            flying.add(running.id());
            count(running, byGroup, byPool);
        }
        List<List<QueuedRun>> start = new ArrayList<>();
        List<QueuedRun> held = new ArrayList<>();
        int examined = 0;
        int free = freeWorkers;
        Iterator<QueuedRun> it = ahead.iterator();
        QueuedRun next = it.hasNext() ? it.next() : null;
        while (free > 0 && next != null) {
            QueuedRun first = next;
            examined++;
            next = it.hasNext() ? it.next() : null;
            if (flying.contains(first.id())) {
                continue;
            }
            if (!allowed(first, byGroup, byPool)) {
                held.add(first);
                continue;
            }
            List<QueuedRun> group = new ArrayList<>();
            group.add(first);
            count(first, byGroup, byPool);
            String name = group(first);
            int size = name == null ? 1 : Math.max(1, groupSize.applyAsInt(first));
            while (group.size() < size
                    && next != null
                    && name.equals(group(next))
                    && !flying.contains(next.id())
                    && allowed(next, byGroup, byPool)) {
                count(next, byGroup, byPool);
                group.add(next);
                examined++;
                next = it.hasNext() ? it.next() : null;
            }
            start.add(group);
            free--;
        }
        return new Decision(start, examined, held);
    }

    /** The group a run belongs to, null for a single launch. */
    private static String group(QueuedRun run) {
        return run.group();
    }

    private boolean allowed(QueuedRun run, Map<String, Integer> byGroup, Map<String, Integer> byPool) {
        String group = group(run);
        if (group != null && byGroup.getOrDefault(group, 0) >= limits.group(group)) {
            return false;
        }
        for (String p : pools.apply(run)) {
            if (byPool.getOrDefault(p, 0) >= limits.pool(p)) {
                return false;
            }
        }
        return true;
    }

    private void count(QueuedRun run, Map<String, Integer> byGroup, Map<String, Integer> byPool) {
        String group = group(run);
        if (group != null) {
            byGroup.merge(group, 1, Integer::sum);
        }
        for (String p : pools.apply(run)) {
            byPool.merge(p, 1, Integer::sum);
        }
    }
}
