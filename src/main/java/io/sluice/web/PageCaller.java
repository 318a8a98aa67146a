package io.sluice.web;

import io.quarkus.security.identity.SecurityIdentity;
import io.sluice.access.AccessConfig;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.identity.CallerRefused;
import io.sluice.identity.Grant;
import io.sluice.identity.RequestCaller;
import io.sluice.identity.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Named;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The request's caller as every page's template sees it ({@code inject:me}): who is logged in, for the user menu, and
 * what their roles allow, so that a page shows no button its caller cannot use ({@code inject:me.may('LAUNCH')}, or
 * for one asset {@code inject:me.mayOn('ROLLBACK', key)}). Showing is a courtesy: the command behind each button refuses
 * anyway. With authentication off there is no menu and every caller may do everything, as before.
 */
@Named("me")
@RequestScoped
public class PageCaller {

    private final RequestCaller requestCaller;
    private final AccessConfig config;
    private final SecurityIdentity identity;
    private Caller caller;

    public PageCaller(RequestCaller requestCaller, AccessConfig config, SecurityIdentity identity) {
        this.requestCaller = requestCaller;
        this.config = config;
        this.identity = identity;
    }

    /** Whether the header shows the user menu: authentication is on and someone is logged in. */
    public boolean menu() {
        return config.enabled() && !identity.isAnonymous();
    }

    /** The logged-in user's name (empty when no one is). */
    public String user() {
        return menu() ? identity.getPrincipal().getName() : "";
    }

    /** The first letter of the user's name, upper case, for the menu's badge. */
    public String initial() {
        String user = user();
        return user.isEmpty()
                ? ""
                : user.substring(0, user.offsetByCodePoints(0, 1)).toUpperCase(java.util.Locale.ROOT);
    }

    /** The caller's roles in words: "admin of every asset group", "operator of finance, viewer of every asset group". */
    public String roles() {
        List<Grant> grants = caller().grants();
        if (grants.isEmpty()) {
            return "no role";
        }
        return grants.stream()
                .map(g -> g.role().word() + " of "
                        + g.group().map(n -> "asset group " + n).orElse("every asset group"))
                .collect(Collectors.joining(", "));
    }

    /** What the caller's highest role allows, in one phrase. */
    public String allows() {
        Role highest =
                caller().grants().stream().map(Grant::role).max(Role::compareTo).orElse(null);
        if (highest == null) {
            return "nothing";
        }
        return switch (highest) {
            case VIEWER -> "reading everything";
            case OPERATOR -> "reading; launching, steering and switching automation";
            case ADMIN -> "everything, including rollbacks, pool limits, partition removal, users and tokens";
        };
    }

    /** The roles the caller may give a token: theirs and those below it, lowest first. */
    public List<String> grantableRoles() {
        return java.util.Arrays.stream(Role.values())
                .filter(r -> caller().grants().stream().anyMatch(g -> g.role().covers(r)))
                .map(Role::word)
                .toList();
    }

    /**
     * Whether the caller may do the action ({@link Action}'s name, like {@code LAUNCH}) at all: a scoped action on the
     * assets of at least one group.
     */
    public boolean may(String action) {
        return caller().maySomewhere(Action.valueOf(action));
    }

    /** Whether the caller may do the action ({@link Action}'s name) on {@code asset} ({@code group/name}). */
    public boolean mayOn(String action, String asset) {
        return caller().may(Action.valueOf(action), asset);
    }

    /** Whether the caller may do the action on every one of {@code assets}. */
    public boolean mayOnAll(String action, List<String> assets) {
        Action a = Action.valueOf(action);
        return assets.stream().allMatch(asset -> caller().may(a, asset));
    }

    private Caller caller() {
        if (caller == null) {
            try {
                caller = requestCaller.get();
            } catch (CallerRefused | IllegalStateException e) {
                // a page whose request named a caller that cannot act (its form handler says so), or an error page
                // served before the caller was resolved: show what the switch allows to anyone who reaches the port
                caller = config.enabled() ? Caller.unauthenticated() : Caller.anonymous();
            }
        }
        return caller;
    }
}
