package io.sluice.lake;

/**
 * The lake as one step of one run uses it (from {@link Lake#forRun}): what the step reads, writes, stages and rolls back
 * through it is that run's work, which {@link Lake#interrupt} stops. Closed when the step ends.
 */
public interface RunLake extends Lake, AutoCloseable {

    @Override
    void close();
}
