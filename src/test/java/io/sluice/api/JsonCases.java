package io.sluice.api;

import static io.sluice.api.BadRequests.bytes;
import static io.sluice.api.BadRequests.json;
import static io.sluice.api.BadRequests.shown;

import io.sluice.api.BadRequests.Case;
import io.sluice.api.BadRequests.Fixture;
import io.sluice.api.JsonEndpoints.JsonEndpoint;
import io.sluice.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sweep's bad JSON bodies: every JSON endpoint crossed with bodies that cannot be read, unknown or repeated fields,
 * bad hosts and reasons, and its fields' wrong or not allowed values; bodies too large or of another type.
 */
final class JsonCases {

    private JsonCases() {}

    static List<Case> cases(Fixture f, String host, int port) {
        List<Case> cases = new ArrayList<>();
        for (JsonEndpoint e : JsonEndpoints.all(f)) {
            String endpoint = e.method() + " " + e.path();
            for (Map.Entry<String, byte[]> body : malformedBodies().entrySet()) {
                cases.add(new Case(
                        endpoint, body.getKey(), json(e.method(), e.path(), host, body.getValue()), 400, false));
            }
            cases.add(new Case(
                    endpoint,
                    "an unknown field",
                    json(e.method(), e.path(), host, bytes(merge(e.valid(), "\"nope\":1"))),
                    400,
                    false));
            cases.add(new Case(
                    endpoint,
                    "a field given twice",
                    json(e.method(), e.path(), host, bytes(merge(e.valid(), "\"reason\":\"a\",\"reason\":\"b\""))),
                    400,
                    false));
            cases.add(new Case(
                    endpoint,
                    "a declared body over 10 MB",
                    RawHttp.Request.of(
                            e.method(),
                            e.path(),
                            host,
                            Map.of("Content-Type", "application/json", "Content-Length", "20000000"),
                            new byte[0]),
                    413,
                    false));
            cases.add(new Case(
                    endpoint,
                    "a Content-Type of XML",
                    RawHttp.Request.of(
                            e.method(), e.path(), host, Map.of("Content-Type", "application/xml"), bytes("<run/>")),
                    0,
                    false));
            for (String bad : new String[] {"evil.example:" + port, "192.0.2.1:" + port}) {
                cases.add(new Case(
                        endpoint,
                        "the host " + bad,
                        RawHttp.Request.of(
                                e.method(),
                                e.path(),
                                bad,
                                Map.of(
                                        "Content-Type",
                                        "application/json",
                                        "Origin",
                                        "http://" + bad,
                                        "Sec-Fetch-Site",
                                        "same-origin"),
                                bytes(e.valid())),
                        421,
                        false));
            }
            for (String reason : JsonEndpoints.BAD_TEXT) {
                cases.add(new Case(
                        endpoint,
                        "the reason " + reason,
                        json(e.method(), e.path(), host, bytes(merge(e.valid(), "\"reason\":\"" + reason + "\""))),
                        0,
                        false));
            }
            cases.add(new Case(
                    endpoint,
                    "a reason of 2,001 characters",
                    json(
                            e.method(),
                            e.path(),
                            host,
                            bytes(merge(e.valid(), "\"reason\":\"" + "r".repeat(2_001) + "\""))),
                    0,
                    false));
            e.malformed().forEach((field, values) -> {
                for (String value : values) {
                    cases.add(new Case(
                            endpoint,
                            field + " = " + shown(value),
                            json(e.method(), e.path(), host, bytes(merge(e.valid(), "\"" + field + "\":" + value))),
                            400,
                            false));
                }
            });
            e.invalid().forEach((field, values) -> {
                for (String value : values) {
                    cases.add(new Case(
                            endpoint,
                            field + " = " + shown(value),
                            json(e.method(), e.path(), host, bytes(merge(e.valid(), "\"" + field + "\":" + value))),
                            0,
                            false));
                }
            });
        }
        for (String path : new String[] {"/api/runs", "/api/backfills"}) {
            cases.add(new Case(
                    "POST " + path,
                    "a chunked body over 10 MB",
                    RawHttp.Request.of(
                            "POST",
                            path,
                            host,
                            Map.of("Content-Type", "application/json", "Transfer-Encoding", "chunked"),
                            RawHttp.chunked(bytes("{\"reason\":\"" + "r".repeat(10_600_000) + "\"}"), 65_536)),
                    413,
                    false));
            cases.add(new Case(
                    "POST " + path,
                    "a text/plain body",
                    RawHttp.Request.of(
                            "POST",
                            path,
                            host,
                            Map.of("Content-Type", "text/plain"),
                            bytes("{\"assets\":[\"test/flaky\"]}")),
                    415,
                    false));
        }
        return cases;
    }

    /** Bodies that are not a JSON object of the endpoint's fields: not JSON, not UTF-8, or another JSON type. */
    private static Map<String, byte[]> malformedBodies() {
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        for (String body : new String[] {
            "{bad",
            "{\"reason\":",
            "[",
            "}",
            "{} {}",
            "{}x",
            "nul",
            "{\"reason\":\"a\",}",
            "{'reason':'a'}",
            "{\"reason\":NaN}",
            "{\"reason\":\"a\u0001b\"}",
            "{\"reason\":\"a\\qb\"}",
            "[]",
            "\"x\"",
            "42",
            "true",
            "null",
            "{\"reason\":01}"
        }) {
            bodies.put("the body " + shown(body), bytes(body));
        }
        bodies.put("bytes that are not UTF-8", "{\"reason\":\"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
        bodies.put("JSON nested 5,000 deep", bytes("[".repeat(5_000) + "]".repeat(5_000)));
        return bodies;
    }

    /** {@code valid} with {@code field} (a "name":value pair) laid over it: a field already there is replaced. */
    private static String merge(String valid, String field) {
        String name = field.substring(0, field.indexOf(':') + 1);
        String rest = valid.substring(1, valid.length() - 1);
        List<String> kept = new ArrayList<>();
        for (String part : splitTopLevel(rest)) {
            if (!part.isBlank() && !part.trim().startsWith(name)) {
                kept.add(part);
            }
        }
        kept.add(field);
        return "{" + String.join(",", kept) + "}";
    }

    private static List<String> splitTopLevel(String fields) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < fields.length(); i++) {
            char c = fields.charAt(i);
            if (c == '"' && (i == 0 || fields.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            } else if (!quoted && (c == '[' || c == '{')) {
                depth++;
            } else if (!quoted && (c == ']' || c == '}')) {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                parts.add(fields.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(fields.substring(start));
        return parts;
    }
}
