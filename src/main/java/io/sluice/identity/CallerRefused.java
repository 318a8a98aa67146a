package io.sluice.identity;

/**
 * A request named a caller that cannot act: {@code reserved} when the name belongs to Sluice's own automation (the
 * faces answer 400), else when the name cannot be kept as it is (too long, characters the trail cannot show: 422).
 * Nothing was stored.
 */
public final class CallerRefused extends RuntimeException {

    private final String field;
    private final boolean reserved;

    CallerRefused(String field, String detail, boolean reserved) {
        super(detail, null, false, false);
        this.field = field;
        this.reserved = reserved;
    }

    /** Where the request named the caller, like {@code header X-Sluice-User} or {@code launchedBy}. */
    public String field() {
        return field;
    }

    public boolean reserved() {
        return reserved;
    }
}
