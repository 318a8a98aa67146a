package io.sluice.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the tokens and users pages' forms share: echoing what was typed back into a refused form, safely. */
final class AccessForms {

    /** The longest value a refused form gets back (more is cut: the page says what was wrong anyway). */
    private static final int ECHO = 300;

    private AccessForms() {}

    /** The fields {@code names} as typed, cut to a length a form shows, to fill a refused form in again. */
    static Map<String, String> echo(Map<String, List<String>> fields, String... names) {
        Map<String, String> echo = new LinkedHashMap<>();
        for (String name : names) {
            echo.put(name, PageForms.first(fields, name).map(AccessForms::cut).orElse(""));
        }
        return echo;
    }

    /** A value in a message: cut, with control characters shown as the replacement character. */
    static String shown(String value) {
        return "'" + cut(value).replaceAll("\\p{Cntrl}", "\uFFFD") + "'";
    }

    /** Roles as a form writes them, comma-separated ({@code operator:finance, viewer}), one per item. */
    static List<String> roles(String text) {
        return Arrays.stream(text.split(","))
                .map(String::strip)
                .filter(part -> !part.isEmpty())
                .toList();
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    static String cut(String value) {
        return value.length() <= ECHO ? value : value.substring(0, ECHO);
    }
}
