package io.sluice.lake.engine.rollback;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;

/** The names of the lake's own tables that rollbacks read, the same on every engine, and their time values. */
public final class RollbackTables {

    /** The write log: every published write and rollback. */
    public static final String WRITES = "__sluice_writes";

    /** The longest name PostgreSQL keeps whole (in bytes; the lake's names are ASCII). */
    static final int MAX_NAME = 63;

    private RollbackTables() {}

    /**
     * A name of the lake's own for {@code name} that PostgreSQL keeps whole: {@code name} itself when it fits, else its
     * start, {@code _} and 8 hex digits of its SHA-256, so that two long names sharing their first characters stay
     * apart (PostgreSQL would cut both to the same name).
     */
    static String fitted(String name) {
        if (name.length() <= MAX_NAME) {
            return name;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            String hash = HexFormat.of().formatHex(digest, 0, 4);
            return name.substring(0, MAX_NAME - hash.length() - 1) + "_" + hash;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    static Instant micros(String epochMicros) {
        return micros(Long.parseLong(epochMicros));
    }

    static Instant micros(long epochMicros) {
        return Instant.EPOCH.plus(epochMicros, ChronoUnit.MICROS);
    }
}
