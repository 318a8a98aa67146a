package io.sluice.lake.bitemporal;

import java.time.Instant;
import java.util.Optional;

/**
 * What one write did. {@code systemTime} is present when versions were opened or closed (all at that instant);
 * {@code knowledgeTime} is present when the knowledge base changed (rows of the companion tables were closed or
 * opened at that instant): it equals {@code systemTime} when versions changed too, and it is the only trace of a write
 * whose new knowledge gives the same versions (a filing that coalesces), which a rollback must still be able to
 * return to. {@code rejection} is present when the batch was rejected, in which case nothing at all was written.
 */
public record WriteResult(
        Outcome outcome,
        long rowsIn,
        long versionsOpened,
        long versionsClosed,
        Optional<Instant> systemTime,
        Optional<Instant> knowledgeTime,
        Optional<String> rejection) {

    public enum Outcome {
        /** Versions were opened or closed at {@code systemTime}. */
        WRITTEN,
        /** The current versions already matched the knowledge (a re-run, or a filing that coalesces): no new instant. */
        UNCHANGED,
        /** The batch broke a rule of section 2; nothing was written, companion tables included. */
        REJECTED
    }

    public WriteResult {
        if (rowsIn < 0 || versionsOpened < 0 || versionsClosed < 0) {
            throw new IllegalArgumentException("counts must not be negative");
        }
        boolean changed = versionsOpened + versionsClosed > 0;
        if ((outcome == Outcome.WRITTEN) != (changed && systemTime.isPresent())) {
            throw new IllegalArgumentException("a write has a system time exactly when it opened or closed versions");
        }
        if (systemTime.isPresent() && !systemTime.equals(knowledgeTime)) {
            throw new IllegalArgumentException("versions change only with the knowledge, at the same instant");
        }
        if ((outcome == Outcome.REJECTED) != rejection.isPresent()) {
            throw new IllegalArgumentException("only a rejected write has a rejection reason");
        }
    }

    public static WriteResult written(long rowsIn, long opened, long closed, Instant systemTime) {
        return new WriteResult(
                Outcome.WRITTEN,
                rowsIn,
                opened,
                closed,
                Optional.of(systemTime),
                Optional.of(systemTime),
                Optional.empty());
    }

    public static WriteResult unchanged(long rowsIn) {
        return new WriteResult(Outcome.UNCHANGED, rowsIn, 0, 0, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** New knowledge that gives the same versions: no version changed, the companion tables did at {@code knowledgeTime}. */
    public static WriteResult knowledgeOnly(long rowsIn, Instant knowledgeTime) {
        return new WriteResult(
                Outcome.UNCHANGED, rowsIn, 0, 0, Optional.empty(), Optional.of(knowledgeTime), Optional.empty());
    }

    public static WriteResult rejected(long rowsIn, String reason) {
        return new WriteResult(Outcome.REJECTED, rowsIn, 0, 0, Optional.empty(), Optional.empty(), Optional.of(reason));
    }

    public boolean isRejected() {
        return outcome == Outcome.REJECTED;
    }

    /** One line for logs and the replay command. */
    public String summary() {
        return switch (outcome) {
            case WRITTEN ->
                rowsIn + " rows in, " + versionsOpened + " versions opened, " + versionsClosed + " versions closed at "
                        + systemTime.orElseThrow();
            case UNCHANGED -> rowsIn + " rows in, 0 versions opened, 0 versions closed (no change)";
            case REJECTED -> rowsIn + " rows in, rejected: " + rejection.orElseThrow();
        };
    }
}
