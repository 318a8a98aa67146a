package io.sluice.web;

import io.sluice.access.StoredToken;
import io.sluice.identity.Grant;
import java.time.Instant;
import java.util.stream.Collectors;

/** A personal token as the tokens pages list it: never its secret. */
public record TokenRow(
        String id,
        String name,
        String user,
        String roles,
        String created,
        String expires,
        String lastUsed,
        String revoked,
        boolean expired) {

    static TokenRow of(StoredToken t, Instant now) {
        return new TokenRow(
                t.id(),
                t.name(),
                t.user(),
                t.grants().isEmpty()
                        ? "no role"
                        : t.grants().stream().map(Grant::toString).collect(Collectors.joining(", ")),
                Format.time(t.created()),
                Format.time(t.expires()),
                t.lastUsed().map(Format::time).orElse(null),
                t.revoked().map(Format::time).orElse(null),
                !now.isBefore(t.expires()));
    }

    /** Whether it still authenticates (neither revoked nor expired): only then can it be revoked. */
    public boolean active() {
        return revoked == null && !expired;
    }
}
