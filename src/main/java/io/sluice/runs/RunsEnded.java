package io.sluice.runs;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Fired (as a CDI event) when the ends of runs are stored, once per group of runs, so launchers of groups can track their progress. */
public record RunsEnded(List<RunFinished> runs) {

    public RunsEnded {
        runs = List.copyOf(runs);
    }

    /** The groups these runs belong to, each once. */
    public Set<String> groups() {
        Set<String> ids = new LinkedHashSet<>();
        runs.forEach(r -> {
            if (r.group() != null) {
                ids.add(r.group());
            }
        });
        return ids;
    }
}
