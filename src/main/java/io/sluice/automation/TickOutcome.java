package io.sluice.automation;

import java.util.List;
import java.util.Objects;

/**
 * What a schedule tick, sensor tick or trigger evaluation ended with, as tick history keeps it: it launched runs and
 * backfills (their ids), it was skipped (why), or it failed (the error, for the user).
 */
public sealed interface TickOutcome {

    /** What it launched, and a note for the user ({@code ""} for none), e.g. that a launch retries a failed run. */
    record Launched(List<String> runIds, List<String> backfillIds, String note) implements TickOutcome {
        public Launched {
            runIds = List.copyOf(runIds);
            backfillIds = List.copyOf(backfillIds);
            if (runIds.isEmpty() && backfillIds.isEmpty()) {
                throw new IllegalArgumentException("a launched tick names at least one run or backfill");
            }
            note = note == null ? "" : note;
        }

        public Launched(List<String> runIds, List<String> backfillIds) {
            this(runIds, backfillIds, "");
        }
    }

    record Skipped(String reason) implements TickOutcome {
        public Skipped {
            Objects.requireNonNull(reason, "reason");
        }
    }

    record Failed(String error) implements TickOutcome {
        public Failed {
            Objects.requireNonNull(error, "error");
        }
    }
}
