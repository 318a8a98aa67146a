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
     * {@link #get()}.
     */
    public Caller get(String launchedBy) {
        return launchedBy == null || launchedBy.isBlank() ? get() : Caller.claimed("launchedBy", launchedBy);
    }
}
