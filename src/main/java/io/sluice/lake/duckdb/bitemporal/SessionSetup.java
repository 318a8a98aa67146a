package io.sluice.lake.duckdb.bitemporal;

/**
 * Where a {@link BitemporalSession}'s tables and temp tables stand, as explicit states: created in a transaction that
 * committed (so no rollback can take them away, and writes skip creating them), created in the caller's transaction
 * that may still roll back (until {@link #committed()} confirms them, the next write creates them again if missing), or
 * not known to exist.
 */
final class SessionSetup {

    /** The three tables and the staging temp tables (and companions of an older layout migrated). */
    enum Tables {
        /** Not known to exist: the next write creates them if missing. */
        UNKNOWN,
        /** Created in the caller's transaction, not yet reported committed. */
        PENDING,
        /** Created in a transaction that committed. */
        COMMITTED
    }

    /** The general path's temp tables, created when a write first needs them. */
    enum GeneralTemps {
        ABSENT,
        /** Created in the caller's transaction, not yet reported committed. */
        PENDING,
        PRESENT
    }

    private Tables tables = Tables.UNKNOWN;
    private GeneralTemps generalTemps = GeneralTemps.ABSENT;
    /** Whether the general temp tables were ever created on this connection (then closing drops them). */
    private boolean generalTempsEver;

    boolean tablesCommitted() {
        return tables == Tables.COMMITTED;
    }

    /** Whether a write must create the tables (if missing) before it writes. */
    boolean tablesNeeded() {
        return tables != Tables.COMMITTED;
    }

    /** The tables were created in the write's own transaction ({@code ownTransaction}) or in the caller's. */
    void tablesCreated(boolean ownTransaction) {
        tables = ownTransaction ? Tables.COMMITTED : Tables.PENDING;
    }

    /**
     * A write begins: general temp tables created in a caller's transaction that was not reported committed may be gone.
     */
    void writeBegins() {
        if (generalTemps == GeneralTemps.PENDING) {
            generalTemps = GeneralTemps.ABSENT;
        }
    }

    boolean generalTempsNeeded() {
        return generalTemps == GeneralTemps.ABSENT;
    }

    void generalTempsCreated(boolean inCallerTransaction) {
        generalTemps = inCallerTransaction ? GeneralTemps.PENDING : GeneralTemps.PRESENT;
        generalTempsEver = true;
    }

    /** The write's own transaction rolled back: temp tables it created are gone with it. */
    void ownTransactionRolledBack() {
        generalTemps = GeneralTemps.ABSENT;
    }

    /** The caller committed the transaction of the last write: what it created stays. */
    void committed() {
        if (tables == Tables.PENDING) {
            tables = Tables.COMMITTED;
        }
        if (generalTemps == GeneralTemps.PENDING) {
            generalTemps = GeneralTemps.PRESENT;
        }
    }

    boolean generalTempsEver() {
        return generalTempsEver;
    }

    Tables tables() {
        return tables;
    }

    GeneralTemps generalTemps() {
        return generalTemps;
    }
}
