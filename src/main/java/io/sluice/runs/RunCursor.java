package io.sluice.runs;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * A position in the runs list, newest first: a run's creation instant and id (ids break ties between runs created at
 * the same instant). Encoded for a query string as {@code 2026-12-02T16:09:27.123456Z~<run id>}.
 */
public record RunCursor(Instant createdAt, String id) {

    private static final char SEPARATOR = '~';

    public RunCursor {
        if (createdAt == null || id == null || id.isBlank()) {
            throw new IllegalArgumentException("a run cursor needs an instant and a run id");
        }
    }

    public static RunCursor of(Run run) {
        return new RunCursor(run.createdAt(), run.id());
    }

    public String encode() {
        return createdAt + String.valueOf(SEPARATOR) + id;
    }

    /** Reads an encoded cursor; refused as invalid for {@code field} when it is not one. */
    public static RunCursor parse(String field, String encoded) {
        int at = encoded == null ? -1 : encoded.lastIndexOf(SEPARATOR);
        if (at < 1 || at == encoded.length() - 1 || encoded.length() > 80) {
            throw RequestRejected.invalid(
                    field, field + " is not a position in the runs list; follow the Newer and Older links");
        }
        String id = encoded.substring(at + 1);
        if (!id.matches("[0-9A-Za-z-]{1,36}")) {
            throw RequestRejected.invalid(field, field + " names no run id; follow the Newer and Older links");
        }
        try {
            return new RunCursor(Instant.parse(encoded.substring(0, at)), id);
        } catch (DateTimeParseException e) {
            throw RequestRejected.invalid(
                    field, field + " does not start with an instant; follow the Newer and Older links");
        }
    }
}
