package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.access.LoginFailureStore;
import io.sluice.access.LoginFailures;
import io.sluice.access.SessionStore;
import io.sluice.access.StoredSession;
import io.sluice.access.StoredToken;
import io.sluice.access.TokenStore;
import io.sluice.access.User;
import io.sluice.access.UserStore;
import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The access stores (users, sessions, tokens, failed logins): what is stored reads back the same, a second user of one
 * name is refused without an error, revocation happens once, sessions end one by one, by user and by age. Every test uses
 * names of its own; run by a subclass per backend.
 */
public abstract class AccessStoreContract {

    @Inject
    UserStore users;

    @Inject
    SessionStore sessions;

    @Inject
    TokenStore tokens;

    @Inject
    LoginFailureStore failures;

    private final String tag = UUID.randomUUID().toString().substring(0, 8);
    private final Instant t0 = Instant.parse("2026-03-01T10:00:00Z");

    private User user(String name) {
        return new User(
                name,
                "$2a$10$hash-" + name,
                List.of(Grant.everywhere(Role.VIEWER), Grant.inGroup(Role.OPERATOR, "finance")),
                true,
                t0,
                Optional.empty());
    }

    @Test
    void usersAreStoredOnceAndChangeInPlace() {
        String name = "user-" + tag;
        assertThat(users.create(user(name))).isTrue();
        assertThat(users.create(user(name)))
                .as("a second user of the same name")
                .isFalse();
        assertThat(users.any()).isTrue();
        assertThat(users.find(name)).contains(user(name));
        assertThat(users.all()).contains(user(name));

        assertThat(users.setPassword(name, "$2a$10$other", false)).isTrue();
        assertThat(users.setGrants(name, List.of(Grant.everywhere(Role.ADMIN)))).isTrue();
        assertThat(users.setDisabled(name, Optional.of(t0.plusSeconds(5)))).isTrue();
        User changed = users.find(name).orElseThrow();
        assertThat(changed.passwordHash()).isEqualTo("$2a$10$other");
        assertThat(changed.mustChangePassword()).isFalse();
        assertThat(changed.grants()).containsExactly(Grant.everywhere(Role.ADMIN));
        assertThat(changed.disabled()).contains(t0.plusSeconds(5));
        assertThat(users.setDisabled(name, Optional.empty())).isTrue();
        assertThat(users.find(name).orElseThrow().isDisabled()).isFalse();

        assertThat(users.setPassword("nobody-" + tag, "x", false)).isFalse();
        assertThat(users.find("nobody-" + tag)).isEmpty();
    }

    @Test
    void sessionsEndOneByOneByUserAndByAge() {
        String user = "s-" + tag;
        StoredSession a = new StoredSession("a" + tag, user, t0, t0);
        StoredSession b = new StoredSession("b" + tag, user, t0, t0);
        StoredSession old = new StoredSession("o" + tag, "other-" + tag, t0.minus(Duration.ofDays(400)), t0);
        sessions.create(a);
        sessions.create(b);
        sessions.create(old);
        assertThat(sessions.find(a.idHash())).contains(a);

        sessions.touch(a.idHash(), t0.plusSeconds(90));
        assertThat(sessions.find(a.idHash()).orElseThrow().lastSeen()).isEqualTo(t0.plusSeconds(90));
        sessions.touch(a.idHash(), t0.plusSeconds(30));
        assertThat(sessions.find(a.idHash()).orElseThrow().lastSeen())
                .as("an older use does not move the last one back")
                .isEqualTo(t0.plusSeconds(90));

        assertThat(sessions.deleteOf(user, Optional.of(a.idHash()))).isEqualTo(1);
        assertThat(sessions.find(b.idHash())).isEmpty();
        assertThat(sessions.find(a.idHash())).isPresent();
        assertThat(sessions.delete(a.idHash())).isTrue();
        assertThat(sessions.delete(a.idHash())).isFalse();

        assertThat(sessions.deleteEnded(t0.minus(Duration.ofDays(1000)), t0.minus(Duration.ofDays(399))))
                .isGreaterThanOrEqualTo(1);
        assertThat(sessions.find(old.idHash())).isEmpty();
    }

    @Test
    void tokensAreFoundByTheirSecretsHashListedPerUserAndRevokedOnce() {
        String user = "t-" + tag;
        StoredToken first = token("1" + tag, user, t0);
        StoredToken second = token("2" + tag, user, t0.plusSeconds(60));
        StoredToken others = token("3" + tag, "other-" + tag, t0);
        tokens.create(first);
        tokens.create(second);
        tokens.create(others);

        assertThat(tokens.findBySecretHash(first.secretHash())).contains(first);
        assertThat(tokens.findBySecretHash("no-such-hash")).isEmpty();
        assertThat(tokens.list(Optional.of(user))).containsExactly(second, first);
        assertThat(tokens.list(Optional.empty())).contains(first, second, others);

        assertThat(tokens.revoke(first.id(), t0.plusSeconds(120))).isTrue();
        assertThat(tokens.revoke(first.id(), t0.plusSeconds(180)))
                .as("revoked already")
                .isFalse();
        assertThat(tokens.find(first.id()).orElseThrow().revoked()).contains(t0.plusSeconds(120));
        tokens.touch(second.id(), t0.plusSeconds(200));
        assertThat(tokens.find(second.id()).orElseThrow().lastUsed()).contains(t0.plusSeconds(200));
    }

    private StoredToken token(String id, String user, Instant created) {
        return new StoredToken(
                id,
                "hash-" + id,
                user,
                "name " + id,
                List.of(Grant.inGroup(Role.OPERATOR, "finance")),
                created,
                created.plus(30, ChronoUnit.DAYS),
                Optional.empty(),
                Optional.empty());
    }

    @Test
    void failedLoginCountsAreReplacedAndCleared() {
        String user = "user:f-" + tag;
        String address = "address:10.0.0." + tag;
        failures.put(new LoginFailures(user, 1, t0, t0));
        failures.put(new LoginFailures(user, 2, t0, t0.plusSeconds(5)));
        failures.put(new LoginFailures(address, 1, t0, t0));
        assertThat(failures.find(user)).contains(new LoginFailures(user, 2, t0, t0.plusSeconds(5)));
        assertThat(failures.findAll(List.of(user, address, "user:none-" + tag))).hasSize(2);
        failures.clear(user);
        assertThat(failures.find(user)).isEmpty();
        assertThat(failures.find(address)).isPresent();
    }
}
