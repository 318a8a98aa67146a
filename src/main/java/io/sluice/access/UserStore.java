package io.sluice.access;

import io.sluice.identity.Grant;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The users (table {@code sluice_user}). */
public interface UserStore {

    Optional<User> find(String name);

    /** Whether any user exists (the first start creates {@code admin} when none does). */
    boolean any();

    List<User> all();

    /** Stores a new user; false when one of that name exists (nothing changed). */
    boolean create(User user);

    /** Sets the user's password hash and whether they must change it at their next login; false if no such user. */
    boolean setPassword(String name, String passwordHash, boolean mustChange);

    boolean setGrants(String name, List<Grant> grants);

    /** Disables the user from {@code at} (empty: enables them again); false if no such user. */
    boolean setDisabled(String name, Optional<Instant> at);
}
