package io.sluice.backfill;

import io.sluice.runs.RunStatus;
import java.util.Locale;

/**
 * Where a run of a backfill, and each partition it holds, stands as the backfill's progress counts it. A run canceled
 * before it started (its backfill was canceled, or a run it waited for failed) never ran: it is SKIPPED, not CANCELED,
 * so a canceled backfill does not read as done.
 */
public enum ProgressStatus {
    QUEUED,
    RUNNING,
    SUCCEEDED,
    FAILED,
    CANCELED,
    SKIPPED;

    /** The status of a run ({@code started}: it started, so it ran at least in part). */
    public static ProgressStatus of(RunStatus status, boolean started) {
        return switch (status) {
            case QUEUED -> QUEUED;
            case STARTED -> RUNNING;
            case SUCCESS -> SUCCEEDED;
            case FAILURE -> FAILED;
            case CANCELED -> started ? CANCELED : SKIPPED;
            case SKIPPED -> SKIPPED;
        };
    }

    /** It started and ended: succeeded, failed or canceled while it ran. What the rate counts. */
    public boolean ran() {
        return this == SUCCEEDED || this == FAILED || this == CANCELED;
    }

    /** Queued or running: what the time left counts. */
    public boolean left() {
        return this == QUEUED || this == RUNNING;
    }

    /** The word the pages show: {@code succeeded}, {@code skipped}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * From most to least telling, for a cell of the partition grid that holds several: a failure shows over successes
     * around it.
     */
    public int rank() {
        return switch (this) {
            case FAILED -> 0;
            case CANCELED -> 1;
            case RUNNING -> 2;
            case QUEUED -> 3;
            case SKIPPED -> 4;
            case SUCCEEDED -> 5;
        };
    }

    /** A status as a filter names it, ignoring case; empty if none is named so. */
    public static java.util.Optional<ProgressStatus> parse(String name) {
        for (ProgressStatus s : values()) {
            if (s.name().equalsIgnoreCase(name.strip())) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }
}
