package io.sluice.runs.execute;

import io.sluice.runs.RunStatus;
import java.util.List;
import java.util.Optional;

/**
 * How one asset step of a run ended. {@code failedPartitions} says which of the run's partitions a failed step failed:
 * empty for all of them (it failed computing them), given for a step that failed before its compute (what it reads
 * upstream was not materialized): only those that hold no materialized data, since nothing of the others was touched.
 */
record StepOutcome(
        RunStatus status,
        long keyCount,
        long batchCount,
        long rowsWritten,
        String error,
        Optional<List<String>> failedPartitions) {

    StepOutcome(RunStatus status, long keyCount, long batchCount, long rowsWritten, String error) {
        this(status, keyCount, batchCount, rowsWritten, error, Optional.empty());
    }

    static StepOutcome of(RunStatus status) {
        return new StepOutcome(status, 0, 0, 0, null);
    }

    /** Failed before the compute started, for the reason given, failing the partitions given (those without data). */
    static StepOutcome notComputed(String error, List<String> failedPartitions) {
        return new StepOutcome(RunStatus.FAILURE, 0, 0, 0, error, Optional.of(List.copyOf(failedPartitions)));
    }
}
