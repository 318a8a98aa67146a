package io.sluice.lists;

import io.sluice.runs.Reexecution;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What launched a run, as its tags tell and as the runs list filters it ({@code origin=schedule}): each origin is a tag
 * its launcher puts on the run, whose value names the schedule, the sensor, the trigger's policy, the backfill or the
 * run re-executed. A run launched by hand has none.
 */
public enum RunOrigin {
    SCHEDULE("sluice/schedule"),
    SENSOR("sluice/sensor"),
    TRIGGER("sluice/trigger"),
    BACKFILL("sluice/backfill"),
    REEXECUTION(Reexecution.OF);

    private final String tag;

    RunOrigin(String tag) {
        this.tag = tag;
    }

    /** The run tag this origin puts on its runs. */
    public String tag() {
        return tag;
    }

    /** The name the filter takes, in lower case as people type it: {@code schedule}, {@code reexecution}. */
    public String parameter() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static List<String> parameters() {
        return Arrays.stream(values()).map(RunOrigin::parameter).toList();
    }

    public static Optional<RunOrigin> of(String parameter) {
        return Arrays.stream(values())
                .filter(o -> o.parameter().equals(parameter))
                .findFirst();
    }
}
