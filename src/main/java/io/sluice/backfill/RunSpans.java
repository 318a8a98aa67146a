package io.sluice.backfill;

import io.sluice.runs.Run;
import io.sluice.runs.launch.RunFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToLongFunction;

/** Where a backfill's runs sit among its partitions ({@link RunSpan}s): from its plan, or from its stored runs. Pure. */
final class RunSpans {

    private RunSpans() {}

    /** The spans of the runs launched for {@code plan}, {@code runs} in the plan's order. */
    static List<RunSpan> of(BackfillPlan plan, List<Run> runs) {
        if (plan.runs().size() != runs.size()) {
            throw new IllegalArgumentException(plan.runs().size() + " runs planned, " + runs.size() + " given");
        }
        List<RunSpan> spans = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            PlannedRun p = plan.runs().get(i);
            spans.add(RunSpan.of(runs.get(i).id(), p.position(), p.partitions()));
        }
        return spans;
    }

    /**
     * The spans of a backfill stored before spans were kept, from its runs: a run that died and was queued again gives
     * its place to the run that took over; runs are ordered by their first partition ({@code order}: its index in the
     * backfill's first partitions definition, {@link Long#MAX_VALUE} for keys of another), then by key; runs without
     * partitions sit after the last partition.
     */
    static List<RunSpan> fromRuns(List<Run> runs, ToLongFunction<String> order) {
        Set<String> retried = new HashSet<>();
        runs.forEach(r -> {
            String parent = r.tags().get(RunFactory.PARENT_RUN);
            if (parent != null) {
                retried.add(parent);
            }
        });
        List<Run> current = runs.stream().filter(r -> !retried.contains(r.id())).toList();
        List<Run> partitioned = current.stream()
                .filter(r -> !r.partitions().isEmpty())
                .sorted(Comparator.<Run>comparingLong(
                                r -> order.applyAsLong(r.partitions().get(0)))
                        .thenComparing(r -> r.partitions().get(0)))
                .toList();
        List<RunSpan> spans = new ArrayList<>(current.size());
        long position = 0;
        for (Run r : partitioned) {
            spans.add(RunSpan.of(r.id(), position, r.partitions()));
            position += r.partitions().size();
        }
        for (Run r : current) {
            if (r.partitions().isEmpty()) {
                spans.add(RunSpan.of(r.id(), position, List.of()));
            }
        }
        return spans;
    }
}
