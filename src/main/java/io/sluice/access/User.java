package io.sluice.access;

import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A user who logs in: their name (the actor Sluice records), password hash (bcrypt), grants and state. */
public record User(
        String name,
        String passwordHash,
        List<Grant> grants,
        boolean mustChangePassword,
        Instant created,
        Optional<Instant> disabled) {

    public User {
        Caller.nameProblem("name", name).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        Objects.requireNonNull(passwordHash, "passwordHash");
        grants = List.copyOf(grants);
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(disabled, "disabled");
    }

    public boolean isDisabled() {
        return disabled.isPresent();
    }
}
