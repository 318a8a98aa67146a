package io.sluice.identity;

import java.util.Objects;
import java.util.Optional;

/**
 * A role given to a caller, for every asset group ({@code group} empty) or for one ({@code operator} of group {@code
 * finance}). An asset's group is the first part of its key ({@code finance} in {@code finance/ledger}).
 */
public record Grant(Role role, Optional<String> group) {

    public Grant {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(group, "group");
        group.ifPresent(g -> {
            if (g.isBlank() || g.contains("/")) {
                throw new IllegalArgumentException("a grant's group is an asset group's name, like finance: " + g);
            }
        });
    }

    public static Grant everywhere(Role role) {
        return new Grant(role, Optional.empty());
    }

    public static Grant inGroup(Role role, String group) {
        return new Grant(role, Optional.of(group));
    }

    /** Whether this grant allows {@code action} on an asset of {@code assetGroup}. */
    public boolean allows(Action action, String assetGroup) {
        return role.covers(action.needs())
                && group.map(g -> g.equals(assetGroup)).orElse(true);
    }

    /** Whether this grant allows {@code action} whatever it touches. */
    public boolean allowsEverywhere(Action action) {
        return role.covers(action.needs()) && group.isEmpty();
    }

    /** As users read it: {@code admin}, {@code operator of finance}. */
    @Override
    public String toString() {
        return role.word() + group.map(g -> " of " + g).orElse("");
    }
}
