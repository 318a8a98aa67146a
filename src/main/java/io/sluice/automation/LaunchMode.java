package io.sluice.automation;

/** Which keys a launched run processes; the adapter maps it onto the run's materialization mode of the same name. */
public enum LaunchMode {
    /** What changed since the last run (the default). */
    INCREMENTAL,
    /** Every key, rebuilt from the source. */
    FULL_REFRESH,
    /** The listed keys only. */
    SINGLE_KEY
}
