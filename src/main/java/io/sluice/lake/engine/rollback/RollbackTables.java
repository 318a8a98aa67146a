package io.sluice.lake.engine.rollback;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The names of the lake's own tables that rollbacks read, the same on every engine, and their time values. */
public final class RollbackTables {

    /** The write log: every published write and rollback. */
    public static final String WRITES = "__sluice_writes";

    private RollbackTables() {}

    static Instant micros(String epochMicros) {
        return micros(Long.parseLong(epochMicros));
    }

    static Instant micros(long epochMicros) {
        return Instant.EPOCH.plus(epochMicros, ChronoUnit.MICROS);
    }
}
