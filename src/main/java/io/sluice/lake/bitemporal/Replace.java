package io.sluice.lake.bitemporal;

import java.util.Locale;

/** Which part of the known filings a batch replaces (section 2 of docs/bitemporal.md). */
public enum Replace {
    /** Each filing {@code (scope, date)} of the batch replaces the known filing with the same scope and date. */
    NONE,
    /** For every scope in the batch, the batch's filings replace all known filings of that scope. */
    SCOPES,
    /** Full refresh: the batch replaces everything known. */
    ALL;

    /** Parses {@code none}, {@code scopes} or {@code all}, in any case. */
    public static Replace parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("replace must be none, scopes or all, got: " + text);
        }
    }
}
