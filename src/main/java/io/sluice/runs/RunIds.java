package io.sluice.runs;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Run ids: time-ordered UUIDs (version 7, RFC 9562) that increase within this process, millisecond and counter
 * first, random last. Runs launched together (a group) sit next to each other in every index keyed by run id,
 * so claiming and ending a group of them touches a few index pages instead of one page per run. For the same reason
 * their first characters are the same for every run made within about a minute: {@link #shortForm} shows the last ones.
 */
public final class RunIds {

    private static final SecureRandom RANDOM = new SecureRandom();
    /** Milliseconds since the epoch shifted left by 12, plus a 12-bit counter within the millisecond. */
    private static final AtomicLong LAST = new AtomicLong();

    private RunIds() {}

    /** How many characters of an id the pages show. */
    public static final int SHORT_LENGTH = 8;

    /**
     * The part of an id the pages show: its last {@value #SHORT_LENGTH} characters, which are random in a run id (and in a
     * random UUID), so runs made in the same millisecond read differently; the full id ends with it.
     */
    public static String shortForm(String id) {
        return id.length() <= SHORT_LENGTH ? id : id.substring(id.length() - SHORT_LENGTH);
    }

    /** A new id stamped with {@code now} (from the injected clock); ids still increase if the clock goes back. */
    public static String next(Instant clockNow) {
        long now = clockNow.toEpochMilli() << 12;
        long stamp = LAST.updateAndGet(last -> Math.max(last + 1, now));
        long high = ((stamp >>> 12) << 16) | 0x7000L | (stamp & 0xFFFL);
        long low = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }
}
