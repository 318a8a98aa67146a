package io.sluice.access;

import java.time.Instant;
import java.util.Objects;

/** A login session as stored: the SHA-256 of the id its cookie carries, whose it is, when it began and was last used. */
public record StoredSession(String idHash, String user, Instant created, Instant lastSeen) {
    public StoredSession {
        Objects.requireNonNull(idHash, "idHash");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(lastSeen, "lastSeen");
    }
}
