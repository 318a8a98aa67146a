package io.sluice.access;

import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * How a user the identity provider vouches for becomes a {@link Caller} (single sign-on, {@code sluice.auth.oidc.*}): its
 * name is the claim {@code nameClaim} ({@code sub} when the token lacks it), its grants come from the values of its role
 * claim, each listed in {@code listed} or, when {@code direct}, itself a grant ({@code viewer}, {@code operator:finance}).
 * A value neither listed nor a grant gives nothing, and a user with no grant may do nothing: there is no default role.
 */
public record SignOnRules(String nameClaim, Map<String, List<Grant>> listed, boolean direct) {

    public SignOnRules {
        if (nameClaim == null || nameClaim.isBlank()) {
            throw new IllegalArgumentException(
                    "sluice.auth.oidc.name-claim must name a claim, like preferred_username");
        }
        nameClaim = nameClaim.strip();
        listed = Map.copyOf(listed);
    }

    /**
     * The rules {@code config} sets.
     *
     * @throws IllegalArgumentException naming the property that is not a list of grants
     */
    public static SignOnRules of(AccessConfig.SingleSignOn config) {
        Map<String, List<Grant>> listed = new LinkedHashMap<>();
        config.grants().forEach((value, grants) -> {
            try {
                listed.put(value, Grants.read(grants));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "sluice.auth.oidc.grants.\"" + value
                                + "\" must list grants like admin or operator:finance,viewer: " + e.getMessage(),
                        e);
            }
        });
        return new SignOnRules(config.nameClaim(), listed, config.directGrants());
    }

    /** The grants the role claim's {@code values} give, each once, in the order given. */
    public List<Grant> grants(Collection<String> values) {
        Set<Grant> grants = new LinkedHashSet<>();
        for (String value : values) {
            List<Grant> mapped = listed.get(value);
            if (mapped != null) {
                grants.addAll(mapped);
            } else if (direct) {
                direct(value).ifPresent(grants::add);
            }
        }
        return List.copyOf(grants);
    }

    private static Optional<Grant> direct(String value) {
        try {
            List<Grant> read = Grants.read(value);
            return read.size() == 1 ? Optional.of(read.get(0)) : Optional.empty();
        } catch (IllegalArgumentException notAGrant) {
            return Optional.empty();
        }
    }

    /**
     * The caller of a token whose claims {@code claim} reads, whose subject is {@code subject} and whose role claim holds
     * {@code roles}.
     *
     * @throws IllegalArgumentException saying why the user cannot act (no name, a name the trail cannot keep or one
     *     reserved for Sluice's own automation)
     */
    public Caller caller(Function<String, Object> claim, String subject, Collection<String> roles) {
        Object named = claim.apply(nameClaim);
        String name = named instanceof String s && !s.isBlank() ? s.strip() : subject;
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("the identity provider's token has neither " + nameClaim + " nor sub");
        }
        Optional<String> problem = Caller.nameProblem("the identity provider's user name (" + nameClaim + ")", name);
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
        if (Caller.isReserved(name)) {
            throw new IllegalArgumentException("the identity provider's user name " + name
                    + " is reserved for Sluice's own automation; set sluice.auth.oidc.name-claim to another claim");
        }
        return Caller.singleSignOn(name, grants(Objects.requireNonNull(roles, "roles")));
    }
}
