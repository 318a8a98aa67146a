package io.sluice.runs;

/** An asset partition that a queued or started run already covers. */
public class PartitionBusy extends RuntimeException {
    public PartitionBusy(String message) {
        super(message);
    }
}
