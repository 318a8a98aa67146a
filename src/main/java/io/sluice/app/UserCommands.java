package io.sluice.app;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.access.AccessConfig;
import io.sluice.access.Grants;
import io.sluice.access.Passwords;
import io.sluice.access.Secrets;
import io.sluice.access.SessionStore;
import io.sluice.access.User;
import io.sluice.access.UserStore;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Users, for admins ({@link Action#MANAGE_ACCESS}): list, create (with a password to change at the first login), change
 * grants, disable and enable, reset a password. Sluice always keeps one enabled admin of every asset group: a change that
 * would leave none is refused (409). Disabling a user or resetting their password ends their sessions at once. Every
 * change is recorded in the audit trail with the admin as its actor, in the change's transaction (never a password).
 * Users are disabled, never removed: a name in the trail always means one person.
 */
@ApplicationScoped
public class UserCommands {

    /** A user made or reset: {@code password} is shown once, and must be changed at the first login. */
    public record WithPassword(User user, String password) {}

    private final UserStore users;
    private final SessionStore sessions;
    private final AccessConfig config;
    private final InstantSource clock;
    private final AuditLog audit;

    public UserCommands(
            UserStore users, SessionStore sessions, AccessConfig config, InstantSource clock, AuditLog audit) {
        this.users = users;
        this.sessions = sessions;
        this.config = config;
        this.clock = clock;
        this.audit = audit;
    }

    public List<User> list(Caller caller) {
        require(caller);
        return users.all();
    }

    public User get(Caller caller, String name) {
        require(caller);
        return found(name);
    }

    /**
     * Creates a user with {@code grants} and a random password (returned once) to change at their first login.
     *
     * @throws RequestRejected 422 naming the field at fault, 409 when the name is taken
     */
    public WithPassword create(Caller caller, String name, List<String> grants) {
        require(caller);
        String n = name == null ? "" : name.strip();
        Caller.nameProblem("name", n).ifPresent(p -> {
            throw RequestRejected.invalid("name", p);
        });
        if (Caller.isReserved(n)) {
            throw RequestRejected.invalid("name", "name " + n + " is reserved for Sluice's own automation");
        }
        List<Grant> parsed = grants(grants);
        String password = Secrets.password(20);
        User user = new User(n, Passwords.hash(password), parsed, true, clock.instant(), Optional.empty());
        QuarkusTransaction.requiringNew().run(() -> {
            if (!users.create(user)) {
                throw RequestRejected.conflict("name", "there is a user " + n + " already");
            }
            record(caller, AuditAction.USER_CREATED, user.name(), Map.of("roles", Grants.write(parsed)));
        });
        return new WithPassword(user, password);
    }

    public User setGrants(Caller caller, String name, List<String> grants) {
        require(caller);
        User user = found(name);
        List<Grant> parsed = grants(grants);
        keepAnAdmin(user, parsed, user.isDisabled());
        QuarkusTransaction.requiringNew().run(() -> {
            users.setGrants(user.name(), parsed);
            record(
                    caller,
                    AuditAction.USER_ROLES_CHANGED,
                    user.name(),
                    Map.of("roles", Grants.write(parsed), "previous", Grants.write(user.grants())));
        });
        return found(name);
    }

    public User setDisabled(Caller caller, String name, boolean disabled) {
        require(caller);
        User user = found(name);
        if (disabled) {
            keepAnAdmin(user, user.grants(), true);
            QuarkusTransaction.requiringNew().run(() -> {
                if (!user.isDisabled()) {
                    users.setDisabled(user.name(), Optional.of(clock.instant()));
                    record(caller, AuditAction.USER_DISABLED, user.name(), Map.of());
                }
                sessions.deleteOf(user.name(), Optional.empty());
            });
        } else if (user.isDisabled()) {
            QuarkusTransaction.requiringNew().run(() -> {
                users.setDisabled(user.name(), Optional.empty());
                record(caller, AuditAction.USER_ENABLED, user.name(), Map.of());
            });
        }
        return found(name);
    }

    /** A new random password (returned once) to change at the next login; the user's sessions end. */
    public WithPassword resetPassword(Caller caller, String name) {
        require(caller);
        User user = found(name);
        String password = Secrets.password(20);
        String hash = Passwords.hash(password);
        QuarkusTransaction.requiringNew().run(() -> {
            users.setPassword(user.name(), hash, true);
            sessions.deleteOf(user.name(), Optional.empty());
            record(caller, AuditAction.USER_PASSWORD_RESET, user.name(), Map.of());
        });
        return new WithPassword(found(name), password);
    }

    /** An audit event about {@code user}, with the admin who acted as its actor. */
    private void record(Caller caller, AuditAction action, String user, Map<String, Object> detail) {
        Map<String, Object> all = new java.util.LinkedHashMap<>(detail);
        all.put("user", user);
        audit.record(AuditEvent.of(clock.instant(), caller.name(), action, null, null, null, all));
    }

    private void keepAnAdmin(User changed, List<Grant> grants, boolean disabled) {
        boolean staysAdmin = !disabled && grants.contains(Grant.everywhere(Role.ADMIN));
        if (staysAdmin) {
            return;
        }
        boolean another = users.all().stream()
                .anyMatch(u -> !u.name().equals(changed.name())
                        && !u.isDisabled()
                        && u.grants().contains(Grant.everywhere(Role.ADMIN)));
        if (!another) {
            throw RequestRejected.conflict(
                    "name",
                    changed.name() + " is the last enabled admin of every asset group; make another user admin first");
        }
    }

    private static List<Grant> grants(List<String> grants) {
        if (grants == null) {
            throw RequestRejected.invalid(
                    "grants", "grants is missing; send roles like [\"operator\", \"viewer:finance\"]");
        }
        List<Grant> parsed = new ArrayList<>();
        for (int i = 0; i < grants.size(); i++) {
            String g = grants.get(i);
            if (g == null || g.isBlank()) {
                throw RequestRejected.invalid("grants[" + i + "]", "grants[" + i + "] is empty");
            }
            if (g.contains(",")) {
                throw RequestRejected.invalid(
                        "grants[" + i + "]", "grants[" + i + "] holds a comma: send one role per item");
            }
            try {
                parsed.addAll(Grants.read(g));
            } catch (IllegalArgumentException e) {
                throw RequestRejected.invalid("grants[" + i + "]", "grants[" + i + "]: " + e.getMessage());
            }
        }
        return List.copyOf(parsed);
    }

    private User found(String name) {
        return users.find(name).orElseThrow(() -> RequestRejected.notFound("name", "there is no user " + name));
    }

    private void require(Caller caller) {
        if (!config.enabled()) {
            throw RequestRejected.conflict(
                    null,
                    "authentication is off (sluice.auth.enabled=false): users cannot log in; switch it on first"
                            + " (docs/access.md)");
        }
        caller.require(Action.MANAGE_ACCESS);
    }
}
