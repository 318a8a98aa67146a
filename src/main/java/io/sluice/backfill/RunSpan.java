package io.sluice.backfill;

import java.util.List;
import java.util.Objects;

/**
 * The partitions of a backfill one of its runs holds: {@code count} of them from {@code position} on (0-based, in the
 * order the backfill's pages list them), {@code first} to {@code last}; a run without partitions has a count of 0 and
 * no keys.
 */
public record RunSpan(String runId, long position, long count, String first, String last) {

    public RunSpan {
        Objects.requireNonNull(runId, "runId");
        if (position < 0 || count < 0) {
            throw new IllegalArgumentException("a run's span starts at 0 or later and holds 0 or more partitions");
        }
        if ((count == 0) != (first == null) || (first == null) != (last == null)) {
            throw new IllegalArgumentException("a span of partitions names its first and last, and only such a span");
        }
    }

    /** The span of a run over {@code partitions} (in order) from {@code position} on. */
    public static RunSpan of(String runId, long position, List<String> partitions) {
        return partitions.isEmpty()
                ? new RunSpan(runId, position, 0, null, null)
                : new RunSpan(
                        runId, position, partitions.size(), partitions.get(0), partitions.get(partitions.size() - 1));
    }
}
