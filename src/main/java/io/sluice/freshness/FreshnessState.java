package io.sluice.freshness;

/** Whether an asset (or one partition of it) meets its freshness policy. */
public enum FreshnessState {
    /** The policy is met. */
    FRESH,
    /** The policy will be missed soon: the age is past its warning, or a partition is missing close to its deadline. */
    WARNING,
    /** The policy is missed: the age is past its limit, or a partition is missing after its deadline. */
    STALE;

    /** The worse of two states. */
    public FreshnessState worst(FreshnessState other) {
        return compareTo(other) >= 0 ? this : other;
    }

    /** The CSS-friendly lower-case name. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
