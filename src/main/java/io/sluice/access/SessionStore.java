package io.sluice.access;

import java.time.Instant;
import java.util.Optional;

/** Login sessions (table {@code access_session}), looked up by the SHA-256 of their id: every node sees a logout at once. */
public interface SessionStore {

    void create(StoredSession session);

    Optional<StoredSession> find(String idHash);

    /** Records that the session was used at {@code at}. */
    void touch(String idHash, Instant at);

    /** Ends the session; false when there was none. */
    boolean delete(String idHash);

    /** Ends every session of the user but {@code except} (disabled, password changed); how many there were. */
    int deleteOf(String user, Optional<String> except);

    /** Deletes the sessions last used before {@code idleSince} or begun before {@code createdBefore}; how many. */
    int deleteEnded(Instant idleSince, Instant createdBefore);
}
