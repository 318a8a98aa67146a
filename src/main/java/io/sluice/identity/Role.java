package io.sluice.identity;

import java.util.Locale;
import java.util.Optional;

/** What a caller may do, each role including the ones before it: viewer, then operator, then admin. */
public enum Role {
    /** Reads everything: assets, runs, backfills, the lake, the audit log. */
    VIEWER,
    /** Also launches, backfills, cancels, pauses, resumes, retries, re-executes, switches automation, adds partitions. */
    OPERATOR,
    /** Also rolls back, sets pool limits, removes dynamic partitions, manages users and tokens. */
    ADMIN;

    /** Whether this role includes {@code needed}. */
    public boolean covers(Role needed) {
        return compareTo(needed) >= 0;
    }

    /** The role as users write it: {@code viewer}, {@code operator}, {@code admin}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role a user wrote, in any case, if it is one. */
    public static Optional<Role> of(String word) {
        if (word == null) {
            return Optional.empty();
        }
        for (Role r : values()) {
            if (r.word().equals(word.strip().toLowerCase(Locale.ROOT))) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
