package io.sluice.app;

import io.sluice.identity.CallerRefused;
import io.sluice.identity.NotAllowed;
import io.sluice.runs.RequestRejected;

/**
 * The one mapping from a refusal to the HTTP status every face answers it with, the API as a problem body and the pages
 * as a readable page: 400 what cannot be read (and a caller name reserved for Sluice's automation), 403 what the
 * caller's roles do not allow, 404 what does not exist, 409 what conflicts with the current state, 422 what is read but
 * not allowed.
 */
public final class Refusals {

    private Refusals() {}

    /** Whether {@code e} is a refusal (nothing was stored) rather than a failure. */
    public static boolean isRefusal(Throwable e) {
        return e instanceof RequestRejected || e instanceof NotAllowed || e instanceof CallerRefused;
    }

    /** The status of a refusal; 500 for anything else. */
    public static int status(Throwable e) {
        if (e instanceof NotAllowed) {
            return 403;
        }
        if (e instanceof CallerRefused c) {
            return c.reserved() ? 400 : 422;
        }
        if (e instanceof RequestRejected.Unreadable) {
            return 400;
        }
        if (e instanceof RequestRejected.NotFound) {
            return 404;
        }
        if (e instanceof RequestRejected.Conflict) {
            return 409;
        }
        if (e instanceof RequestRejected) {
            return 422; // RequestRejected.Invalid, the last kind of the sealed family
        }
        return 500;
    }
}
