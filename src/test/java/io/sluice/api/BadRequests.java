package io.sluice.api;

import io.sluice.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The table of the sweep: every endpoint, crossed with the bad inputs that apply to it. Each case names the status it
 * must get, or 0 for any 4xx (the order of checks decides which of several faults is named). The cases come by area:
 * JSON bodies ({@link JsonCases} over {@link JsonEndpoints}), query parameters, ids, methods and hosts
 * ({@link QueryCases}), and launch forms ({@link FormCases}).
 */
final class BadRequests {

    private BadRequests() {}

    /** What the cases name: a finished run and a completed backfill without failures. */
    record Fixture(String run, String backfill) {}

    /**
     * One bad request and what it must get: {@code status} (0: any 4xx) as a problem, or with {@code formRefusal} the
     * launch form's refusal swapped in (200), or with {@code page} an HTML page saying why (a form of a page).
     */
    record Case(String endpoint, String what, RawHttp.Request request, int status, boolean formRefusal, boolean page) {

        Case(String endpoint, String what, RawHttp.Request request, int status, boolean formRefusal) {
            this(endpoint, what, request, status, formRefusal, false);
        }

        /** A form of a page refused with an HTML page of {@code status}. */
        static Case page(String endpoint, String what, RawHttp.Request request, int status) {
            return new Case(endpoint, what, request, status, false, true);
        }

        @Override
        public String toString() {
            return endpoint + " with " + what + " [" + request + "]";
        }
    }

    static List<Case> cases(Fixture f, int port) {
        List<Case> cases = new ArrayList<>();
        String host = "localhost:" + port;
        cases.addAll(JsonCases.cases(f, host, port));
        cases.addAll(QueryCases.cases(f, host, port));
        cases.addAll(FormCases.cases(host, port));
        cases.addAll(FormCases.reexecute(f, host));
        return cases;
    }

    static RawHttp.Request json(String method, String path, String host, byte[] body) {
        return RawHttp.Request.of(method, path, host, Map.of("Content-Type", "application/json"), body);
    }

    static String shown(String value) {
        return value.length() > 60 ? value.substring(0, 60) + "… (" + value.length() + " characters)" : value;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
