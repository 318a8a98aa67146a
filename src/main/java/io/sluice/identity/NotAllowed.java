package io.sluice.identity;

import java.util.Optional;

/**
 * A caller asked for something its roles do not allow (the faces answer 403); {@code asset} names the asset outside its
 * groups when that is why. Nothing was stored.
 */
public final class NotAllowed extends RuntimeException {

    private final Action action;
    private final String asset;

    NotAllowed(Action action, String asset, String detail) {
        super(detail, null, false, false);
        this.action = action;
        this.asset = asset;
    }

    public Action action() {
        return action;
    }

    public Optional<String> asset() {
        return Optional.ofNullable(asset);
    }
}
