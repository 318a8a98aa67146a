package io.sluice.app;

import io.sluice.runs.RequestRejected;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * A position in a list, opaque to clients: the base64url of the list's name and the sort key of the last item read (its
 * time, then its id). A list reads only its own cursors: one that does not decode, names another list or holds a key
 * of the wrong shape is refused as unreadable for the parameter {@code cursor}, never an error of the server.
 */
public record Cursor(String list, List<String> key) {

    /** The query parameter the API and the pages carry a cursor in. */
    public static final String PARAMETER = "cursor";

    private static final int MAX_ENCODED = 400;
    private static final String SEPARATOR = "\n";

    public Cursor {
        key = List.copyOf(key);
        if (list == null || list.isBlank() || key.isEmpty()) {
            throw new IllegalArgumentException("a cursor names its list and a key");
        }
    }

    /** The cursor of a list ordered by time and id. */
    public static Cursor at(String list, Instant at, String id) {
        return new Cursor(list, List.of(at.toString(), id));
    }

    /** The cursor of a list ordered by a number alone. */
    public static Cursor at(String list, long id) {
        return new Cursor(list, List.of(Long.toString(id)));
    }

    /** The cursor as a query parameter's value. */
    public String encode() {
        String text = list + SEPARATOR + String.join(SEPARATOR, key);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Reads a cursor that {@code list} gave, with {@code parts} parts to its key.
     *
     * @throws RequestRejected.Unreadable naming {@link #PARAMETER} when it is not one
     */
    public static Cursor read(String list, int parts, String encoded) {
        if (encoded == null || encoded.isBlank() || encoded.length() > MAX_ENCODED) {
            throw refused(list);
        }
        String text;
        try {
            text = new String(Base64.getUrlDecoder().decode(encoded.strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw refused(list);
        }
        List<String> all = Arrays.asList(text.split(SEPARATOR, -1));
        if (all.size() != parts + 1 || !all.get(0).equals(list) || all.stream().anyMatch(String::isEmpty)) {
            throw refused(list);
        }
        return new Cursor(list, all.subList(1, all.size()));
    }

    /** The key's time, for a list ordered by time and id. */
    public Instant instant() {
        try {
            return Instant.parse(key.get(0));
        } catch (DateTimeParseException e) {
            throw refused(list);
        }
    }

    /** The key's id, its last part; checked against {@code shape}. */
    public String id(String shape) {
        String id = key.get(key.size() - 1);
        if (!id.matches(shape)) {
            throw refused(list);
        }
        return id;
    }

    /** The key as a number, for a list ordered by a number alone. */
    public long number() {
        try {
            long n = Long.parseLong(key.get(0));
            if (n < 1) {
                throw refused(list);
            }
            return n;
        } catch (NumberFormatException e) {
            throw refused(list);
        }
    }

    private static RequestRejected refused(String list) {
        return RequestRejected.malformed(
                PARAMETER,
                "cursor is not a position in the " + list + " list: pass on the cursor of the Link header's next"
                        + " address (or of the page's link) as it is");
    }
}
