package io.sluice.automation;

import java.util.List;
import java.util.Objects;

/**
 * What a schedule tick, sensor tick or trigger evaluation ended with, as tick history keeps it: it launched runs and
 * backfills (their ids, and a note on what it left out, if any), it was skipped (why), or it failed (the error, for the
 * user).
 */
public sealed interface TickOutcome {

    /** The most characters of a note, reason or error that tick history keeps (the rest is cut, marked with "…"). */
    int MAX_DETAIL = 2000;

    /** What the user reads beside the outcome: the note of a launch (often empty), the reason of a skip, the error. */
    String detail();

    /** What it launched, and a note for the user ({@code ""} for none), e.g. that a launch retries a failed run. */
    record Launched(List<String> runIds, List<String> backfillIds, String note) implements TickOutcome {
        public Launched {
            runIds = List.copyOf(runIds);
            backfillIds = List.copyOf(backfillIds);
            note = cut(note == null ? "" : note);
            if (runIds.isEmpty() && backfillIds.isEmpty()) {
                throw new IllegalArgumentException("a launched tick names at least one run or backfill");
            }
        }

        public Launched(List<String> runIds, List<String> backfillIds) {
            this(runIds, backfillIds, "");
        }

        @Override
        public String detail() {
            return note;
        }
    }

    record Skipped(String reason) implements TickOutcome {
        public Skipped {
            reason = cut(Objects.requireNonNull(reason, "reason"));
        }

        @Override
        public String detail() {
            return reason;
        }
    }

    record Failed(String error) implements TickOutcome {
        public Failed {
            error = cut(Objects.requireNonNull(error, "error"));
        }

        @Override
        public String detail() {
            return error;
        }
    }

    /** {@code text} cut to {@link #MAX_DETAIL} characters, never inside a character. */
    private static String cut(String text) {
        if (text.length() <= MAX_DETAIL) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(MAX_DETAIL - 2)) ? MAX_DETAIL - 2 : MAX_DETAIL - 1;
        return text.substring(0, end) + "…";
    }
}
