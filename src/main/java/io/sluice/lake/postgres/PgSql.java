package io.sluice.lake.postgres;

import io.sluice.lake.Sql;
import java.util.ArrayList;
import java.util.List;

/**
 * A lake statement as PostgreSQL's JDBC driver takes it: the port's {@code $1}, {@code $2} parameters (by number, each as
 * often as needed) become the driver's {@code ?}, in order, each with its value; {@code ?} parameters stay as they are. A
 * {@code $} inside a string literal, a quoted identifier, a comment or a dollar-quoted string is text, not a parameter.
 */
record PgSql(String text, List<Object> params) {

    static PgSql of(Sql sql) {
        return of(sql.text(), sql.params());
    }

    static PgSql of(String text, List<Object> params) {
        StringBuilder out = new StringBuilder(text.length());
        List<Object> bound = new ArrayList<>();
        boolean numbered = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int end;
            if (c == '\'') {
                end = quoted(text, i, '\'', i > 0 && (text.charAt(i - 1) == 'E' || text.charAt(i - 1) == 'e'));
            } else if (c == '"') {
                end = quoted(text, i, '"', false);
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                int newline = text.indexOf('\n', i);
                end = newline < 0 ? n : newline + 1;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                end = close < 0 ? n : close + 2;
            } else if (c == '$' && i + 1 < n && Character.isDigit(text.charAt(i + 1))) {
                int j = i + 1;
                while (j < n && Character.isDigit(text.charAt(j))) {
                    j++;
                }
                int number = Integer.parseInt(text.substring(i + 1, j));
                if (number < 1 || number > params.size()) {
                    throw new IllegalArgumentException(
                            "parameter $" + number + " has no value (" + params.size() + " given)");
                }
                out.append('?');
                bound.add(params.get(number - 1));
                numbered = true;
                i = j;
                continue;
            } else if (c == '$' && (i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)))) {
                end = dollarQuoted(text, i);
            } else {
                end = i + 1;
            }
            out.append(text, i, end);
            i = end;
        }
        return numbered ? new PgSql(out.toString(), bound) : new PgSql(text, params);
    }

    /** The end (exclusive) of a literal or identifier opened at {@code start}; a doubled quote is part of it. */
    private static int quoted(String text, int start, char quote, boolean backslashEscapes) {
        int i = start + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
                continue;
            }
            if (c == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return text.length();
    }

    /** The end of a dollar-quoted string ({@code $tag$...$tag$}) at {@code start}, or just past the {@code $} if none. */
    private static int dollarQuoted(String text, int start) {
        int j = start + 1;
        while (j < text.length() && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_')) {
            j++;
        }
        if (j >= text.length() || text.charAt(j) != '$') {
            return start + 1;
        }
        String tag = text.substring(start, j + 1);
        int close = text.indexOf(tag, j + 1);
        return close < 0 ? text.length() : close + tag.length();
    }
}
