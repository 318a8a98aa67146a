package io.sluice.access;

import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Grants as the metadata store keeps them and as users write them: comma-separated, each {@code role} (every asset group)
 * or {@code role:group} ({@code admin}, {@code operator:finance,viewer}).
 */
public final class Grants {

    private Grants() {}

    public static String write(List<Grant> grants) {
        return String.join(",", grants.stream().map(Grants::write).toList());
    }

    public static String write(Grant grant) {
        return grant.role().word() + grant.group().map(g -> ":" + g).orElse("");
    }

    /**
     * The grants {@code text} lists.
     *
     * @throws IllegalArgumentException naming the part that is not a grant
     */
    public static List<Grant> read(String text) {
        List<Grant> grants = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return grants;
        }
        for (String part : text.split(",")) {
            grants.add(grant(part));
        }
        return List.copyOf(grants);
    }

    /**
     * One grant: a role, and a group when given.
     *
     * @throws IllegalArgumentException when the role is none of viewer, operator, admin, or the group is not a name
     */
    public static Grant grant(String role, Optional<String> group) {
        Role r = Role.of(role)
                .orElseThrow(() -> new IllegalArgumentException(
                        "role must be viewer, operator or admin; got " + (role == null ? "none" : role)));
        Optional<String> g = group.map(String::strip).filter(s -> !s.isEmpty());
        if (g.isPresent() && !g.get().matches("[A-Za-z0-9_.-]{1,200}")) {
            throw new IllegalArgumentException(
                    "group must be an asset group's name (letters, digits, _ . -), like finance; got " + g.get());
        }
        return new Grant(r, g);
    }

    private static Grant grant(String part) {
        int colon = part.indexOf(':');
        return colon < 0
                ? grant(part.strip(), Optional.empty())
                : grant(part.substring(0, colon).strip(), Optional.of(part.substring(colon + 1)));
    }

    /** Whether {@code word} names a role. */
    public static boolean isRole(String word) {
        return Role.of(word).isPresent();
    }

    /** Whether {@code held} allow everything {@code wanted} allows: a token never gets more than its creator has. */
    public static boolean covers(List<Grant> held, Grant wanted) {
        return held.stream()
                .anyMatch(h -> h.role().covers(wanted.role())
                        && (h.group().isEmpty() || h.group().equals(wanted.group())));
    }

    /** Those of {@code wanted} that {@code held} still cover (a token's grants after its user's were narrowed). */
    public static List<Grant> within(List<Grant> held, List<Grant> wanted) {
        return wanted.stream().filter(w -> covers(held, w)).toList();
    }
}
