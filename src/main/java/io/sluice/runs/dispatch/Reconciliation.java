package io.sluice.runs.dispatch;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.PartitionRange;
import io.sluice.lake.LakeWrite;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the lake's write log says about a run that died with the process, against what the metadata store holds of it:
 * which publishes the store never heard of (to be recorded as recovered materializations) and whether every step that
 * had work to do is accounted for (stored as succeeded, or all its units published), so that the run can end SUCCESS.
 * Pure: the caller reads the store and the lake.
 */
final class Reconciliation {

    private Reconciliation() {}

    /**
     * One step of the run as the store holds it, with the table it publishes to (empty: the asset writes the lake itself or
     * not at all, which the write log does not show) and the units it publishes one by one: empty for a table that is not
     * partitioned (one unit), else a partition or range each.
     */
    record StepWork(RunStep step, Optional<String> table, List<Optional<PartitionRange>> units) {

        StepWork {
            units = List.copyOf(units);
        }
    }

    /** A publish of a step's unit that is in the lake and not in the store. */
    record Recovered(RunStep step, Optional<PartitionRange> unit, LakeWrite write) {

        /** How the write log, staging and events name the unit: a partition, {@code first...last}, or null. */
        String partition() {
            return unit.map(PartitionRange::toString).orElse(null);
        }
    }

    /**
     * @param recovered   publishes to record, in step order
     * @param accounted   indexes of the steps left open in the store whose every unit is in the lake
     * @param complete    every step succeeded in the store or is accounted for
     * @param unpublished by step index, the units of each step left open that the lake has no publish of (a step that
     *                    publishes no table: all of them)
     */
    record Outcome(
            List<Recovered> recovered,
            Set<Integer> accounted,
            boolean complete,
            Map<Integer, List<Optional<PartitionRange>>> unpublished) {}

    /** A materialization the store holds of the run: its asset and partition (or range; null for none). */
    record Recorded(AssetKey asset, String partition) {}

    private record Unit(String table, String partition) {}

    /**
     * @param recorded the materializations the store already holds of this run
     */
    static Outcome of(List<StepWork> steps, List<LakeWrite> writes, Set<Recorded> recorded) {
        Map<Unit, LakeWrite> published = new HashMap<>();
        for (LakeWrite w : writes) {
            published.put(
                    new Unit(w.table(), w.partition()), w); // a unit is published once; a later write of it would win
        }
        List<Recovered> recovered = new ArrayList<>();
        Set<Integer> accounted = new TreeSet<>();
        Map<Integer, List<Optional<PartitionRange>>> unpublished = new HashMap<>();
        boolean complete = true;
        for (StepWork work : steps) {
            RunStep step = work.step();
            if (step.status() == RunStatus.SUCCESS) {
                continue;
            }
            boolean open = !step.status().isTerminal();
            boolean all = work.table().isPresent();
            for (Optional<PartitionRange> unit : work.units()) {
                String partition = unit.map(PartitionRange::toString).orElse(null);
                LakeWrite write = work.table()
                        .map(t -> published.get(new Unit(t, partition)))
                        .orElse(null);
                if (write == null) {
                    all = false;
                    if (open) {
                        unpublished
                                .computeIfAbsent(step.index(), i -> new ArrayList<>())
                                .add(unit);
                    }
                } else if (!recorded.contains(new Recorded(step.asset(), partition))) {
                    recovered.add(new Recovered(step, unit, write));
                }
            }
            if (open && all) {
                accounted.add(step.index());
            } else {
                complete = false;
            }
        }
        return new Outcome(recovered, accounted, complete, unpublished);
    }
}
