package io.sluice.access;

import io.sluice.identity.Grant;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A personal API token as stored: never its secret, only the secret's SHA-256. */
public record StoredToken(
        String id,
        String secretHash,
        String user,
        String name,
        List<Grant> grants,
        Instant created,
        Instant expires,
        Optional<Instant> revoked,
        Optional<Instant> lastUsed) {

    public StoredToken {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(secretHash, "secretHash");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(name, "name");
        grants = List.copyOf(grants);
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(expires, "expires");
        Objects.requireNonNull(revoked, "revoked");
        Objects.requireNonNull(lastUsed, "lastUsed");
    }

    /** Why this token no longer authenticates at {@code now}, if it does not. */
    public Optional<String> unusable(Instant now) {
        if (revoked.isPresent()) {
            return Optional.of("the token " + name + " was revoked");
        }
        if (!now.isBefore(expires)) {
            return Optional.of("the token " + name + " expired at " + expires);
        }
        return Optional.empty();
    }
}
