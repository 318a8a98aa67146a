package io.sluice.runs;

/** Counts as the run log writes them: "1 key", "3 keys". */
public final class Plural {

    private Plural() {}

    public static String of(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }
}
