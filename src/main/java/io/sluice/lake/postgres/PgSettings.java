package io.sluice.lake.postgres;

import io.sluice.lake.WriteMode;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * What the PostgreSQL lake sets for each unit of its work: the schema its tables live in (the transaction's
 * {@code search_path}), PostgreSQL's {@code statement_timeout} (empty: the server's) and {@code work_mem}.
 */
public record PgSettings(String schema, Optional<Duration> statementTimeout, String workMem) {

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
    }

    /** The settings a lake in {@code schema} uses by default: no statement timeout, {@code work_mem} 64MB. */
    public static PgSettings of(String schema) {
        return new PgSettings(schema, Optional.empty(), "64MB");
    }
}
