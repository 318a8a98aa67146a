package io.sluice.access;

import io.sluice.identity.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;

/**
 * Logging in on the pages: a name and password checked against the stored bcrypt hash, behind the {@link LoginThrottle}
 * (per user and per client address), open a server-side session whose random id only the cookie carries (the store keeps
 * its SHA-256). A session ends at logout, after {@code sluice.auth.session-idle-timeout} unused, after
 * {@code sluice.auth.session-lifetime}, and when its user is disabled or changes password; every node sees it at once.
 */
@ApplicationScoped
public class Logins {

    /** A session used within this long of its last recorded use is not written again (one write per minute at most). */
    static final Duration TOUCH_EVERY = Duration.ofMinutes(1);

    /** What a login attempt came to. */
    public sealed interface Outcome {
        /** Logged in: {@code sessionId} goes into the cookie, and is never stored or logged. */
        record LoggedIn(String sessionId, String user, boolean mustChangePassword) implements Outcome {}

        /** The name or password is wrong (or the user is disabled): nothing says which. */
        record Refused(String detail) implements Outcome {}

        /** Too many failures of this user or from this address: try again after {@code retryAfter}. */
        record Throttled(Duration retryAfter) implements Outcome {}
    }

    /** Whose a live session is. */
    public record SessionUser(User user, String idHash) {
        public Caller caller() {
            return Caller.session(user.name(), user.grants());
        }
    }

    private final UserStore users;
    private final SessionStore sessions;
    private final LoginFailureStore failures;
    private final AccessConfig config;
    private final InstantSource clock;

    public Logins(
            UserStore users,
            SessionStore sessions,
            LoginFailureStore failures,
            AccessConfig config,
            InstantSource clock) {
        this.users = users;
        this.sessions = sessions;
        this.failures = failures;
        this.config = config;
        this.clock = clock;
    }

    public Outcome login(String name, String password, String address) {
        Instant now = clock.instant();
        String who = name == null ? "" : name.strip();
        LoginThrottle throttle = LoginThrottle.of(config.throttle());
        String userSubject = LoginThrottle.userSubject(who);
        String addressSubject = LoginThrottle.addressSubject(address == null ? "unknown" : address);
        Optional<Duration> wait = throttle.waitFor(failures.findAll(List.of(userSubject, addressSubject)), now);
        if (wait.isPresent()) {
            return new Outcome.Throttled(wait.get());
        }
        Optional<User> user = who.isEmpty() ? Optional.empty() : users.find(who);
        boolean matches;
        if (user.isEmpty()) {
            Passwords.checkNobody(password);
            matches = false;
        } else {
            matches = Passwords.matches(password, user.get().passwordHash());
        }
        if (!matches || user.get().isDisabled()) {
            for (String subject : List.of(userSubject, addressSubject)) {
                failures.put(throttle.afterFailure(subject, failures.find(subject), now));
            }
            return new Outcome.Refused(
                    matches ? "this user is disabled; an admin can enable it again" : "wrong user name or password");
        }
        failures.clear(userSubject);
        sessions.deleteEnded(now.minus(config.sessionIdleTimeout()), now.minus(config.sessionLifetime()));
        String id = Secrets.random();
        sessions.create(new StoredSession(Secrets.sha256(id), user.get().name(), now, now));
        return new Outcome.LoggedIn(id, user.get().name(), user.get().mustChangePassword());
    }

    /**
     * The user of the session whose cookie carries {@code sessionId}, while it lives.
     *
     * @return empty, with the reason, when there is no such session or it has ended
     */
    public Found session(String sessionId) {
        Instant now = clock.instant();
        String hash = Secrets.sha256(sessionId);
        Optional<StoredSession> stored = sessions.find(hash);
        if (stored.isEmpty()) {
            return Found.none("the session has ended; log in again");
        }
        StoredSession s = stored.get();
        if (!now.isBefore(s.lastSeen().plus(config.sessionIdleTimeout()))
                || !now.isBefore(s.created().plus(config.sessionLifetime()))) {
            sessions.delete(hash);
            return Found.none("the session has expired; log in again");
        }
        Optional<User> user = users.find(s.user());
        if (user.isEmpty() || user.get().isDisabled()) {
            sessions.delete(hash);
            return Found.none("the session's user is disabled or removed");
        }
        if (!now.isBefore(s.lastSeen().plus(TOUCH_EVERY))) {
            sessions.touch(hash, now);
        }
        return new Found(Optional.of(new SessionUser(user.get(), hash)), null);
    }

    /** A session's user, or why there is none. */
    public record Found(Optional<SessionUser> user, String refusal) {
        static Found none(String why) {
            return new Found(Optional.empty(), why);
        }
    }

    /** Ends the session whose cookie carries {@code sessionId} (nothing when there is none). */
    public void logout(String sessionId) {
        if (sessionId != null && !sessionId.isBlank()) {
            sessions.delete(Secrets.sha256(sessionId));
        }
    }

    /**
     * Sets {@code user}'s new password after checking the current one, and ends their other sessions (all but {@code keepSessionHash}).
     *
     * @return why it was refused, if it was
     */
    public Optional<String> changePassword(String user, String current, String next, String keepSessionHash) {
        Optional<User> found = users.find(user);
        if (found.isEmpty() || !Passwords.matches(current, found.get().passwordHash())) {
            return Optional.of("the current password is wrong");
        }
        Optional<String> problem = Passwords.problem(next);
        if (problem.isPresent()) {
            return problem;
        }
        if (next.equals(current)) {
            return Optional.of("the new password must differ from the current one");
        }
        users.setPassword(user, Passwords.hash(next), false);
        sessions.deleteOf(user, Optional.ofNullable(keepSessionHash));
        return Optional.empty();
    }
}
