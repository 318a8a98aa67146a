package io.sluice.identity;

import jakarta.enterprise.context.RequestScoped;

/**
 * The caller of the request being served, resolved once before any endpoint runs (by the faces' request filter, from
 * what the request names) and read by every endpoint and form handler that records who acts. Knows no HTTP.
 */
@RequestScoped
public class RequestCaller {

    private Caller caller;
    private CallerRefused refused;

    /** Resolves the caller the request names in {@code field} ({@code given}: its value, null when missing). */
    public void resolve(String field, String given) {
        try {
            caller = Caller.claimed(field, given);
            refused = null;
        } catch (CallerRefused e) {
            caller = null;
            refused = e;
        }
    }

    /**
     * The request's caller is {@code authenticated} (a session or a token, checked by Sluice). A request that also names
     * a caller in {@code field} ({@code given}) naming anyone else is refused (400): with authentication on, a request
     * can no longer say who it is; naming the authenticated user is allowed, so that scripts written for the header
     * keep working.
     */
    public void authenticated(Caller authenticated, String field, String given) {
        caller = authenticated;
        refused = impersonation(authenticated, field, given);
    }

    private static CallerRefused impersonation(Caller authenticated, String field, String given) {
        if (given == null || given.isBlank() || given.strip().equals(authenticated.name())) {
            return null;
        }
        return new CallerRefused(
                field,
                field + " names " + io.sluice.text.Text.quote(given.strip()) + ", but this request is authenticated as "
                        + authenticated.name() + "; who acts is the authenticated user: leave " + field + " out",
                true);
    }

    /**
     * Who acts.
     *
     * @throws CallerRefused when the request named a caller that cannot act
     */
    public Caller get() {
        if (refused != null) {
            throw refused;
        }
        if (caller == null) {
            throw new IllegalStateException("the caller of this request was not resolved before its endpoint ran");
        }
        return caller;
    }

    /**
     * Who acts on a launch whose body may name the launcher ({@code launchedBy}): that name when given, else
     * {@link #get()}. An authenticated caller is who acts whatever the body says; a body naming someone else is refused.
     */
    public Caller get(String launchedBy) {
        if (launchedBy == null || launchedBy.isBlank()) {
            return get();
        }
        Caller who = get();
        if (who.authenticated()) {
            CallerRefused refusal = impersonation(who, "launchedBy", launchedBy);
            if (refusal != null) {
                throw refusal;
            }
            return who;
        }
        return Caller.claimed("launchedBy", launchedBy);
    }
}
