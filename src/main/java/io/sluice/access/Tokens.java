package io.sluice.access;

import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;

/**
 * Personal API tokens: a long random secret, shown once when created and stored only as its SHA-256, with a name, grants
 * (never above its user's) and an expiry. A revoked or expired token, or one whose user is disabled, authenticates no
 * one; a token's grants are cut to those its user still holds.
 */
@ApplicationScoped
public class Tokens {

    /** What tokens start with, so that secret scanners and people can tell one. */
    public static final String PREFIX = "sluice_";

    /** A token just made: {@code secret} is shown once and never again. */
    public record Issued(StoredToken token, String secret) {}

    /** The caller a token authenticates, or why it does not. */
    public record Checked(Optional<Caller> caller, String refusal) {}

    private final TokenStore tokens;
    private final UserStore users;
    private final InstantSource clock;

    public Tokens(TokenStore tokens, UserStore users, InstantSource clock) {
        this.tokens = tokens;
        this.users = users;
        this.clock = clock;
    }

    /** Makes a token of {@code user} (checked by the caller: the grants are within the user's, the expiry valid). */
    public Issued issue(String user, String name, List<Grant> grants, Instant expires) {
        String secret = PREFIX + Secrets.random();
        StoredToken token = new StoredToken(
                Secrets.id(),
                Secrets.sha256(secret),
                user,
                name,
                grants,
                clock.instant(),
                expires,
                Optional.empty(),
                Optional.empty());
        tokens.create(token);
        return new Issued(token, secret);
    }

    public Checked check(String secret) {
        Instant now = clock.instant();
        Optional<StoredToken> found = secret == null || secret.isBlank()
                ? Optional.empty()
                : tokens.findBySecretHash(Secrets.sha256(secret.strip()));
        if (found.isEmpty()) {
            return new Checked(Optional.empty(), "the bearer token is not one Sluice issued");
        }
        StoredToken token = found.get();
        Optional<String> unusable = token.unusable(now);
        if (unusable.isPresent()) {
            return new Checked(Optional.empty(), unusable.get());
        }
        Optional<User> user = users.find(token.user());
        if (user.isEmpty() || user.get().isDisabled()) {
            return new Checked(Optional.empty(), "the token's user is disabled or removed");
        }
        if (token.lastUsed()
                .map(t -> !now.isBefore(t.plus(Duration.ofMinutes(1))))
                .orElse(true)) {
            tokens.touch(token.id(), now);
        }
        return new Checked(
                Optional.of(
                        Caller.token(user.get().name(), Grants.within(user.get().grants(), token.grants()))),
                null);
    }

    public List<StoredToken> list(Optional<String> user) {
        return tokens.list(user);
    }

    public Optional<StoredToken> find(String id) {
        return tokens.find(id);
    }

    public boolean revoke(String id) {
        return tokens.revoke(id, clock.instant());
    }
}
