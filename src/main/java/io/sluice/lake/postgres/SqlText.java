package io.sluice.lake.postgres;

/** PostgreSQL statement text as code: what lies outside string literals, quoted names and comments. */
final class SqlText {

    private SqlText() {}

    /**
     * {@code sql} with the inside of every string literal ({@code '...'}, {@code E'...'}, dollar quotes), quoted name and
     * comment replaced by blanks, so that a semicolon or a function name there is not taken for code. A backslash is
     * text ({@code standard_conforming_strings}): in an {@code E'...'} string with {@code \'} the literal is taken to end
     * early, which can only make more of the statement code, never less.
     */
    static String code(String sql) {
        StringBuilder out = new StringBuilder(sql.length());
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                i = blank(out, end < 0 ? n : end, i);
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = blank(out, end < 0 ? n : end + 2, i);
            } else if (c == '\'' || c == '"') {
                int end = i + 1;
                while (end < n) {
                    if (sql.charAt(end) == c) {
                        if (end + 1 < n && sql.charAt(end + 1) == c) {
                            end += 2; // a doubled quote stands for itself
                            continue;
                        }
                        break;
                    }
                    end++;
                }
                out.append(c);
                i = blank(out, Math.min(end, n), i + 1);
                if (i < n) {
                    out.append(c);
                    i++;
                }
            } else if (c == '$') {
                int tagEnd = sql.indexOf('$', i + 1);
                String tag = tagEnd < 0 ? null : sql.substring(i, tagEnd + 1);
                if (tag != null && tag.substring(1, tag.length() - 1).matches("[A-Za-z_]*")) {
                    int end = sql.indexOf(tag, tagEnd + 1);
                    i = blank(out, end < 0 ? n : end + tag.length(), i);
                } else {
                    out.append(c);
                    i++;
                }
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static int blank(StringBuilder out, int end, int from) {
        for (int k = from; k < end; k++) {
            out.append(' ');
        }
        return end;
    }
}
