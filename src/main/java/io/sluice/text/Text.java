package io.sluice.text;

import java.util.Optional;

/**
 * What text a user gives may hold, and how it is shown where it could pass for something else (a log line). One rule
 * for every name (who acts), key (entity and partition keys) and reason: well-formed Unicode (no lone surrogate), no
 * control character (C0, DEL, C1; a reason may hold line breaks and tabs) and no bidi control (U+202A-U+202E,
 * U+2066-U+2069), which would change how the text around it is drawn in the UI, the audit trail and a terminal.
 * Line and paragraph separators (U+2028, U+2029) count as line breaks.
 */
public final class Text {

    /** The longest entity or partition key (partition_key columns are VARCHAR(200)). */
    public static final int MAX_KEY_LENGTH = 200;
    /** How much of a value a message quotes. */
    static final int QUOTED = 60;

    private Text() {}

    /** Why {@code text}, given as {@code what}, is not allowed as a name or a key, if it is not. */
    public static Optional<String> nameProblem(String what, String text) {
        return problem(what, text, false);
    }

    /** Why {@code text}, given as {@code what}, is not allowed as a reason (line breaks and tabs are), if it is not. */
    public static Optional<String> reasonProblem(String what, String text) {
        return problem(what, text, true);
    }

    /** Why {@code key} is not allowed as an entity or partition key: blank, longer than {@link #MAX_KEY_LENGTH}, or its characters. */
    public static Optional<String> keyProblem(String what, String key) {
        if (key == null || key.isBlank()) {
            return Optional.of(what + " must not be blank");
        }
        if (key.length() > MAX_KEY_LENGTH) {
            return Optional.of(
                    String.format("%s is longer than %d characters (it has %,d)", what, MAX_KEY_LENGTH, key.length()));
        }
        return nameProblem(what, key);
    }

    private static Optional<String> problem(String what, String text, boolean lineBreaks) {
        if (text == null) {
            return Optional.empty();
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
                continue;
            }
            String at = " (at character " + (i + 1) + ")";
            if (Character.isSurrogate(c)) {
                return Optional.of(
                        what + " is not well-formed text: it holds half of a character, " + code(c) + ", alone" + at);
            }
            if (lineBreaks && (c == '\n' || c == '\r' || c == '\t' || c == '\u2028' || c == '\u2029')) {
                continue;
            }
            if (isControl(c)) {
                return Optional.of(
                        what + " must not hold control characters such as a line break, a tab or NUL; it holds "
                                + code(c) + at);
            }
            if (isBidiControl(c)) {
                return Optional.of(what + " must not hold the bidi control " + code(c)
                        + ", which changes how the text around it is drawn" + at);
            }
        }
        return Optional.empty();
    }

    /** A control character: C0, DEL, C1, or a line or paragraph separator. */
    static boolean isControl(char c) {
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
    }

    /** A bidi embedding, override or isolate (the marks LRM, RLM and ALM only mark a direction and are allowed). */
    static boolean isBidiControl(char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }

    /**
     * {@code text} with every control character, bidi control and lone surrogate written as a visible escape ({@code \n},
     * {@code \r}, {@code \t}, else a backslash, u and four hex digits), so that it stays on one line and is drawn as it was sent. Null stays null.
     */
    public static String escape(String text) {
        if (text == null || !needsEscape(text)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(c).append(text.charAt(++i));
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (isControl(c) || isBidiControl(c) || Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean needsEscape(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (isControl(c) || isBidiControl(c) || Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** {@code text} escaped and cut to about {@value #QUOTED} characters, to quote in a message. */
    public static String quote(String text) {
        if (text == null) {
            return "null";
        }
        String shown = text.length() > QUOTED ? text.substring(0, QUOTED) : text;
        if (shown.length() > 0
                && Character.isHighSurrogate(shown.charAt(shown.length() - 1))
                && text.length() > shown.length()) {
            shown = shown.substring(0, shown.length() - 1);
        }
        return "'" + escape(shown) + (text.length() > shown.length() ? "…" : "") + "'";
    }

    private static String code(char c) {
        return String.format("U+%04X", (int) c);
    }
}
