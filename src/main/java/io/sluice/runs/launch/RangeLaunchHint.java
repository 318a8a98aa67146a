package io.sluice.runs.launch;

/** How users launch every partition of an asset (plugged in by the package that launches them), told when a launch gives none. */
public interface RangeLaunchHint {

    /** Appended to the refusal of a partitioned launch without partitions, after "for every partition, ". */
    String howTo();
}
