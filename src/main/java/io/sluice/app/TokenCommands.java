package io.sluice.app;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.access.AccessConfig;
import io.sluice.access.Grants;
import io.sluice.access.StoredToken;
import io.sluice.access.Tokens;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Personal API tokens, for every face: a user makes tokens for themselves with a role no higher than theirs (for every
 * asset group or one), lists theirs (an admin, with {@link Action#MANAGE_ACCESS}, everyone's) and revokes theirs (an admin,
 * anyone's). Tokens exist only with authentication on: with it off, nothing checks them. Making and revoking a token are
 * recorded in the audit trail (its id, name, owner, roles and expiry; never its secret), in the change's transaction.
 */
@ApplicationScoped
public class TokenCommands {

    /** What a new token is asked to be. */
    public record NewToken(String name, String role, String group, Instant expiresAt) {}

    private final Tokens tokens;
    private final AccessConfig config;
    private final InstantSource clock;
    private final AuditLog audit;

    public TokenCommands(Tokens tokens, AccessConfig config, InstantSource clock, AuditLog audit) {
        this.tokens = tokens;
        this.config = config;
        this.clock = clock;
        this.audit = audit;
    }

    /**
     * Makes a token of {@code caller}: its secret is in the answer, once.
     *
     * @throws RequestRejected naming the field at fault (nothing stored)
     */
    public Tokens.Issued create(Caller caller, NewToken request) {
        requireAuthentication(caller);
        if (request == null) {
            throw RequestRejected.malformed(
                    null, "request body is missing; send {\"name\": \"...\", \"role\": \"viewer|operator|admin\"}");
        }
        String name = request.name() == null ? "" : request.name().strip();
        Caller.nameProblem("name", name).ifPresent(p -> {
            throw RequestRejected.invalid("name", p);
        });
        if (request.role() == null || request.role().isBlank()) {
            throw RequestRejected.invalid("role", "role is missing; send viewer, operator or admin");
        }
        if (!Grants.isRole(request.role())) {
            throw RequestRejected.invalid(
                    "role",
                    "role must be viewer, operator or admin; got "
                            + request.role().strip());
        }
        Grant grant;
        try {
            grant = Grants.grant(request.role(), Optional.ofNullable(request.group()));
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid("group", e.getMessage());
        }
        if (!Grants.covers(caller.grants(), grant)) {
            throw RequestRejected.invalid(
                    "role",
                    "a token cannot hold more than its maker: " + caller.name() + " holds "
                            + (caller.grants().isEmpty()
                                    ? "no role"
                                    : String.join(
                                            ", ",
                                            caller.grants().stream()
                                                    .map(Grant::toString)
                                                    .toList()))
                            + ", not " + grant);
        }
        Instant now = clock.instant();
        Instant expires = request.expiresAt() == null ? now.plus(config.tokenDefaultLifetime()) : request.expiresAt();
        if (!expires.isAfter(now)) {
            throw RequestRejected.invalid("expiresAt", "expiresAt must be in the future; got " + expires);
        }
        if (expires.isAfter(now.plus(config.tokenMaxLifetime()))) {
            throw RequestRejected.invalid(
                    "expiresAt",
                    "expiresAt may be at most " + config.tokenMaxLifetime().toDays() + " days ahead; got " + expires);
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            Tokens.Issued issued = tokens.issue(caller.name(), name, List.of(grant), expires);
            record(caller, AuditAction.TOKEN_CREATED, issued.token());
            return issued;
        });
    }

    /** The caller's tokens; {@code everyone}: all users' (admins only). */
    public List<StoredToken> list(Caller caller, boolean everyone) {
        requireAuthentication(caller);
        if (everyone) {
            caller.require(Action.MANAGE_ACCESS);
            return tokens.list(Optional.empty());
        }
        return tokens.list(Optional.of(caller.name()));
    }

    /**
     * Revokes a token of the caller (an admin: anyone's); at once, on every node.
     *
     * @throws RequestRejected 404 when the caller has no such token, 409 when it was revoked already
     */
    public StoredToken revoke(Caller caller, String id) {
        requireAuthentication(caller);
        StoredToken token = tokens.find(id)
                .filter(t -> t.user().equals(caller.name()) || caller.may(Action.MANAGE_ACCESS))
                .orElseThrow(() -> RequestRejected.notFound("id", "there is no token " + id + " of " + caller.name()));
        if (token.revoked().isPresent()) {
            throw RequestRejected.conflict("id", "the token " + token.name() + " was revoked already");
        }
        QuarkusTransaction.requiringNew().run(() -> {
            if (tokens.revoke(id)) {
                record(caller, AuditAction.TOKEN_REVOKED, token);
            }
        });
        return tokens.find(id).orElse(token);
    }

    /** An audit event about {@code token}: who it is of, its name and roles, never its secret or hash. */
    private void record(Caller caller, AuditAction action, StoredToken token) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("token", token.id());
        detail.put("name", token.name());
        detail.put("user", token.user());
        detail.put("roles", Grants.write(token.grants()));
        detail.put("expires", token.expires().toString());
        audit.record(AuditEvent.of(clock.instant(), caller.name(), action, null, null, null, detail));
    }

    private void requireAuthentication(Caller caller) {
        if (!config.enabled()) {
            throw RequestRejected.conflict(
                    null,
                    "authentication is off (sluice.auth.enabled=false): nothing checks tokens, so none are made; switch"
                            + " it on first (docs/access.md)");
        }
        if (!caller.authenticated()) {
            throw RequestRejected.conflict(null, "only an authenticated user has tokens");
        }
        if (caller.by() == Caller.Identified.SINGLE_SIGN_ON) {
            throw RequestRejected.conflict(
                    null,
                    caller.name()
                            + " signed on through the identity provider and has no Sluice tokens: scripts send the"
                            + " provider's access tokens (Authorization: Bearer), or an admin makes a Sluice user for them");
        }
    }
}
