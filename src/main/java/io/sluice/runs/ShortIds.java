package io.sluice.runs;

import io.sluice.text.Text;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Ids as people type them: the whole id, or its last characters, as the pages show them ({@link RunIds#shortForm}, the
 * last {@value RunIds#SHORT_LENGTH}). The one resolver of every id that is typed or addressed (the ids of runs and of what
 * groups them, in API paths, query filters and page addresses, the data page's run field): a suffix that one id ends with is that
 * id; one that several end with is refused listing them, one that none ends with is not found. Pure: the store answers
 * which ids end with a suffix.
 */
public final class ShortIds {

    /** The fewest characters of an id that are looked up as its end. */
    public static final int MIN_SUFFIX = 4;

    /** How many of the ids a suffix matches are named when it matches several. */
    public static final int MAX_CANDIDATES = 10;

    /** The length from which a typed id is taken as a whole id, not looked up as the end of one (a UUID has 36). */
    static final int WHOLE = 32;

    private ShortIds() {}

    /** The whole id that a typed id names (see {@link #resolve}), for one kind of id: a service's {@code resolveId}. */
    @FunctionalInterface
    public interface Resolver {
        String resolve(String field, String typed);
    }

    /** Which stored ids end with a suffix: at most {@code limit} of them, in any order. */
    @FunctionalInterface
    public interface Lookup {
        List<String> endingWith(String suffix, int limit);
    }

    /**
     * The suffix to look up for what was typed (trimmed, hexadecimal digits in lower case as ids are written), or empty
     * when it is to be taken as a whole id: long enough for one, or written with characters no id generated here has.
     */
    public static Optional<String> suffix(String typed) {
        String text = typed == null ? "" : typed.strip();
        if (text.length() >= WHOLE || text.isEmpty() || !text.matches("[0-9A-Fa-f-]+")) {
            return Optional.empty();
        }
        return Optional.of(text.toLowerCase(Locale.ROOT));
    }

    /**
     * The whole id that {@code typed} names: itself when {@code exists} says so or when it is long enough to be a whole
     * id, else the one id that ends with it.
     *
     * @param field the request field or parameter it came in, for the refusal
     * @param noun what the id is of (a run, or what groups runs), for the refusal
     * @throws RequestRejected.NotFound when no id ends with it (or it is too short to look up)
     * @throws RequestRejected.Invalid when several do, naming up to {@value #MAX_CANDIDATES} of them
     */
    public static String resolve(String field, String noun, String typed, Lookup lookup) {
        Optional<String> suffix = suffix(typed);
        if (suffix.isEmpty()) {
            return typed == null ? "" : typed.strip();
        }
        String end = suffix.get();
        if (end.length() < MIN_SUFFIX) {
            throw RequestRejected.notFound(
                    field,
                    "no " + noun + " has the id " + Text.quote(end) + "; give the whole id or at least its last "
                            + MIN_SUFFIX + " characters");
        }
        List<String> found = lookup.endingWith(end, MAX_CANDIDATES + 1).stream()
                .filter(id -> id.endsWith(end))
                .sorted()
                .toList();
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.contains(end)) {
            return end; // a whole id that is also the end of a longer one
        }
        if (found.isEmpty()) {
            throw RequestRejected.notFound(field, "no " + noun + " has an id that ends with " + Text.quote(end));
        }
        List<String> named = found.subList(0, Math.min(found.size(), MAX_CANDIDATES));
        throw RequestRejected.ambiguous(
                field,
                Text.quote(end) + " is the end of the ids of "
                        + (found.size() > MAX_CANDIDATES ? "more than " + MAX_CANDIDATES : found.size()) + " " + noun
                        + "s: " + String.join(", ", named) + "; give more of the id",
                named);
    }
}
