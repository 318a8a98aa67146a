package io.sluice.app;

import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import java.util.List;
import java.util.Locale;

/**
 * Who a caller is, as the faces show it ({@code GET /api/me}, {@code sluice whoami}): its name, how Sluice knows it
 * (session, token, single_sign_on; anonymous or claimed with authentication off), whether Sluice checked it, and its
 * roles.
 */
public record Whoami(String name, String identifiedBy, boolean authenticated, List<String> grants) {

    public Whoami {
        grants = List.copyOf(grants);
    }

    public static Whoami of(Caller caller) {
        return new Whoami(
                caller.name(),
                caller.by().name().toLowerCase(Locale.ROOT),
                caller.authenticated(),
                caller.grants().stream().map(Grant::toString).toList());
    }
}
