package io.sluice.runs.launch;

/** How users launch a range of partitions (plugged in by the package that launches ranges), told when a launch gives none. */
public interface RangeLaunchHint {

    /** Appended to the refusal of a partitioned launch without partitions, after "for a range of them, ". */
    String howTo();
}
