package io.sluice.runs;

/** Which keys a run processes. The mode only changes the key selection, never the processing. */
public enum MaterializationMode {
    /** Keys changed since the watermark of the last successful run (all keys on the first run). */
    INCREMENTAL,
    /** Every key, rebuilt from the source. */
    FULL_REFRESH,
    /** Only the keys given in the request. */
    SINGLE_KEY
}
