package io.sluice.access;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Personal API tokens (table {@code api_token}), looked up by the SHA-256 of their secret. */
public interface TokenStore {

    void create(StoredToken token);

    Optional<StoredToken> findBySecretHash(String secretHash);

    Optional<StoredToken> find(String id);

    /** The user's tokens (empty: everyone's), newest first. */
    List<StoredToken> list(Optional<String> user);

    /** Revokes the token at {@code at}; false when there is none or it was revoked already. */
    boolean revoke(String id, Instant at);

    /** Records that the token was used at {@code at}. */
    void touch(String id, Instant at);
}
