package io.sluice.lake.bitemporal;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The read queries of section 6 of docs/bitemporal.md, for every engine (the SQL reads alike in DuckDB and PostgreSQL).
 * Rows come back in key, valid_from, system_from order. The table is named as is, or in the schema that the overloads with one take.
 */
public final class BitemporalQueries {

    private BitemporalQueries() {}

    /**
     * As of business date {@code businessDate} and system time {@code systemTime}; either may be null. A null system
     * time means the current belief ({@code system_to IS NULL}); a null business date means the whole business
     * history. With both given the answer has at most one row per key.
     */
    public static BoundQuery asOf(BitemporalTable table, LocalDate businessDate, Instant systemTime) {
        return asOf(null, table, businessDate, systemTime);
    }

    /** {@link #asOf(BitemporalTable, LocalDate, Instant)} of the table in {@code schema} (none if null). */
    public static BoundQuery asOf(String schema, BitemporalTable table, LocalDate businessDate, Instant systemTime) {
        List<String> where = new ArrayList<>();
        List<String> parameters = new ArrayList<>();
        if (systemTime == null) {
            where.add("system_to IS NULL");
        } else {
            String t = systemTime.truncatedTo(ChronoUnit.MICROS).toString();
            where.add(
                    "system_from <= CAST(? AS TIMESTAMPTZ) AND (system_to IS NULL OR CAST(? AS TIMESTAMPTZ) < system_to)");
            parameters.add(t);
            parameters.add(t);
        }
        if (businessDate != null) {
            where.add("valid_from <= CAST(? AS DATE) AND (valid_to IS NULL OR CAST(? AS DATE) < valid_to)");
            parameters.add(businessDate.toString());
            parameters.add(businessDate.toString());
        }
        return new BoundQuery(
                select(schema, table) + " WHERE " + String.join(" AND ", where) + orderBy(table), parameters);
    }

    /** The current belief: every version with {@code system_to IS NULL}. */
    public static BoundQuery current(BitemporalTable table) {
        return asOf(null, table, null, null);
    }

    /** {@link #current(BitemporalTable)} of the table in {@code schema} (none if null). */
    public static BoundQuery current(String schema, BitemporalTable table) {
        return asOf(schema, table, null, null);
    }

    /** What the write at {@code systemTime} changed: versions it opened or closed. */
    public static BoundQuery changesAt(BitemporalTable table, Instant systemTime) {
        return changesAt(null, table, systemTime);
    }

    /** {@link #changesAt(BitemporalTable, Instant)} of the table in {@code schema} (none if null). */
    public static BoundQuery changesAt(String schema, BitemporalTable table, Instant systemTime) {
        Objects.requireNonNull(systemTime, "systemTime");
        String t = systemTime.truncatedTo(ChronoUnit.MICROS).toString();
        return new BoundQuery(
                select(schema, table)
                        + " WHERE system_from = CAST(? AS TIMESTAMPTZ) OR system_to = CAST(? AS TIMESTAMPTZ)"
                        + orderBy(table),
                List.of(t, t));
    }

    private static String select(String schema, BitemporalTable table) {
        String name = schema == null ? Sql.quote(table.name()) : Sql.qualified(schema, table.name());
        return "SELECT " + Sql.list(table.versionColumns(), "") + " FROM " + name;
    }

    private static String orderBy(BitemporalTable table) {
        return " ORDER BY " + Sql.list(table.keyColumns(), "") + ", valid_from, system_from";
    }
}
