package io.sluice.lake.postgres;

import io.sluice.lake.WriteMode;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * What the PostgreSQL lake sets for each unit of its work: the schema its tables live in (the transaction's
 * {@code search_path}), PostgreSQL's {@code statement_timeout} (empty: the server's) and {@code work_mem}; and how long
 * it keeps what a rollback needs after the table left that state ({@code sluice.lake.snapshot-retention}).
 */
public record PgSettings(
        String schema, Optional<Duration> statementTimeout, String workMem, Duration snapshotRetention) {

    /** The retention of {@code sluice.lake.snapshot-retention}'s default. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);

    public PgSettings(String schema, Optional<Duration> statementTimeout, String workMem) {
        this(schema, statementTimeout, workMem, DEFAULT_RETENTION);
    }

    public PgSettings {
        if (schema == null || !WriteMode.IDENTIFIER.matcher(schema).matches()) {
            throw new IllegalArgumentException(
                    "sluice.lake.postgres.schema must be a plain identifier, not '" + schema + "'");
        }
        schema = schema.toLowerCase(Locale.ROOT);
        statementTimeout = statementTimeout == null ? Optional.empty() : statementTimeout;
        if (workMem == null || workMem.isBlank()) {
            throw new IllegalArgumentException("sluice.lake.postgres.work-mem must not be blank");
        }
        if (snapshotRetention == null || snapshotRetention.isNegative()) {
            throw new IllegalArgumentException("sluice.lake.snapshot-retention must not be negative");
        }
    }

    /** The settings a lake in {@code schema} uses by default: no statement timeout, {@code work_mem} 64MB. */
    public static PgSettings of(String schema) {
        return new PgSettings(schema, Optional.empty(), "64MB");
    }
}
