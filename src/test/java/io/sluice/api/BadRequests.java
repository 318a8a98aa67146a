package io.sluice.api;

import io.sluice.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The table of the sweep: every endpoint, crossed with the bad inputs that apply to it. Each case names the status it
 * must get, or 0 for any 4xx (the order of checks decides which of several faults is named).
 */
final class BadRequests {

    private BadRequests() {}

    /** What the cases name: a finished run and a completed backfill without failures. */
    record Fixture(String run, String backfill) {}

    record Case(String endpoint, String what, RawHttp.Request request, int status, boolean formRefusal) {
        @Override
        public String toString() {
            return endpoint + " with " + what + " [" + request + "]";
        }
    }

    /** A JSON endpoint and its fields with values of the wrong type or not allowed. */
    private record JsonEndpoint(
            String method, String path, String valid, Map<String, String[]> malformed, Map<String, String[]> invalid) {}

    private static final String HUGE = "k".repeat(1_000_000);
    private static final String[] BAD_TEXT = {"al\\u202eice", "\\ud800", "x\\udc00y", "a\\u0000b", "a\\u2067b"};
    private static final String[] BAD_NAME = {"al\\u202eice", "\\ud800", "a\\nb", "a\\tb", "\\u0085", "n".repeat(201)};

    static List<Case> cases(Fixture f, int port) {
        List<Case> cases = new ArrayList<>();
        String host = "localhost:" + port;
        for (JsonEndpoint e : jsonEndpoints(f)) {
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
            for (String reason : BAD_TEXT) {
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
        cases.addAll(QueryCases.cases(f, host, port));
        cases.addAll(FormCases.cases(host, port));
        return cases;
    }

    private static List<JsonEndpoint> jsonEndpoints(Fixture f) {
        List<JsonEndpoint> endpoints = new ArrayList<>();
        Map<String, String[]> textFields = new LinkedHashMap<>();
        textFields.put("reason", new String[] {"42", "true", "[]", "{}", "1.5"});
        textFields.put("launchedBy", new String[] {"1", "false", "[\"a\"]"});
        endpoints.add(new JsonEndpoint(
                "POST",
                "/api/runs",
                "{\"assets\":[\"test/flaky\"],\"reason\":\"sweep\"}",
                with(
                        textFields,
                        "assets",
                        new String[] {
                            "\"test/flaky\"",
                            "{}",
                            "[1]",
                            "[true]",
                            "[[\"test/flaky\"]]",
                            "[\"nogroup\"]",
                            "[\"a/b c\"]"
                        },
                        "mode",
                        new String[] {"1", "[]", "true"},
                        "keys",
                        new String[] {"\"100001\"", "[100001]", "[true]", "{}"},
                        "partitions",
                        new String[] {"\"2024-01-01\"", "[20240101]"},
                        "config",
                        new String[] {
                            "[]",
                            "\"x\"",
                            "1",
                            "{\"attempts\":\"3\"}",
                            "{\"attempts\":1.5}",
                            "{\"fail\":\"yes\"}",
                            "{\"fail\":1}",
                            "{\"nope\":1}",
                            "{\"attempts\":null}",
                            "{\"nested\":" + "[".repeat(5_000) + "]".repeat(5_000) + "}"
                        }),
                with(
                        Map.of(),
                        "launchedBy",
                        names(),
                        "assets",
                        new String[] {"[]", "[null]", "[\"test/flaky\",\"test/flaky\"]", "[\"nope/nope\"]"},
                        "mode",
                        new String[] {"\"SOMETIMES\"", "\"SINGLE_KEY\""},
                        "partitions",
                        new String[] {"[\"2024-01-01\"]"},
                        "config",
                        new String[] {"{\"attempts\":0}", "{\"attempts\":99999999999}"})));
        endpoints.add(new JsonEndpoint(
                "POST",
                "/api/runs",
                "{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"1\"]}",
                Map.of(),
                with(Map.of(), "keys", keyLists())));
        endpoints.add(new JsonEndpoint(
                "POST",
                "/api/runs",
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-01-01\"]}",
                Map.of(),
                with(Map.of(), "partitions", keyLists(), "keys", new String[] {"[\"1\"]"})));
        endpoints.add(new JsonEndpoint(
                "POST",
                "/api/backfills",
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-07-01\"]}",
                with(
                        textFields,
                        "ranges",
                        new String[] {
                            "\"2024-01-01\"",
                            "[1]",
                            "[\"2024-01-01\"]",
                            "[{\"start\":1,\"end\":2}]",
                            "[{\"start\":\"2024-01-01\",\"end\":\"2024-01-02\",\"step\":1}]"
                        },
                        "partitionsPerRun",
                        new String[] {"\"3\"", "1.5", "true", "\"\""},
                        "singleRun",
                        new String[] {"\"yes\"", "1", "\"true\""},
                        "failedAndMissingOnly",
                        new String[] {"\"true\"", "0"},
                        "maxConcurrent",
                        new String[] {"\"2\"", "[2]"},
                        "dryRun",
                        new String[] {"\"false\"", "1"},
                        "order",
                        new String[] {"1", "[]"}),
                with(
                        Map.of(),
                        "launchedBy",
                        names(),
                        "partitions",
                        keyLists(),
                        "ranges",
                        new String[] {
                            "[{\"start\":\"2024-07-01\",\"end\":\"2024-07-09\"},{\"start\":\"2024-07-09\",\"end\":\"2024-07-10\"}]",
                            "[{\"start\":\"2024-07-01\"}]",
                            "[{\"start\":\"nope\",\"end\":\"2024-07-02\"}]",
                            "[{\"start\":\"" + HUGE + "\",\"end\":\"2024-07-02\"}]",
                            "[{\"start\":\"2024-07-05\",\"end\":\"2024-07-01\"}]",
                            "[{\"start\":\"2024-06-30\",\"end\":\"2024-07-02\"}]"
                        },
                        "partitionsPerRun",
                        new String[] {"0", "-1", "99999999999"},
                        "maxConcurrent",
                        new String[] {"-1", "99999999999"},
                        "order",
                        new String[] {"\"RANDOM\""},
                        "mode",
                        new String[] {"\"SOMETIMES\""},
                        "assets",
                        new String[] {"[\"test/flaky\"]", "[\"test/daily\",\"test/daily\"]", "[]"})));
        endpoints.add(new JsonEndpoint(
                "POST",
                "/api/assets/test/checked/rollback",
                "{\"toRun\":\"" + f.run() + "\",\"reason\":\"sweep\"}",
                with(
                        textFields,
                        "toRun",
                        new String[] {"1", "[]", "{}"},
                        "toSystemTime",
                        new String[] {"1", "[]"},
                        "partition",
                        new String[] {"1", "[\"a\"]"}),
                with(
                        Map.of(),
                        "toSystemTime",
                        new String[] {"\"2024-01-01T00:00:00Z\"", "\"yesterday\"", "\"+10000-01-01T00:00:00Z\""},
                        "toRun",
                        new String[] {"\"\"", "\"nope\""},
                        "partition",
                        new String[] {"\"2024-01-01\"", "\"" + HUGE + "\"", "\"a\\u202eb\""},
                        "launchedBy",
                        names())));
        endpoints.add(new JsonEndpoint(
                "POST",
                "/api/runs/" + f.run() + "/cancel",
                "{\"reason\":\"sweep\"}",
                Map.of("reason", new String[] {"42", "[]"}),
                Map.of()));
        for (String action : new String[] {"pause", "resume", "cancel", "retry-failed"}) {
            endpoints.add(new JsonEndpoint(
                    "POST",
                    "/api/backfills/" + f.backfill() + "/" + action,
                    "{\"reason\":\"sweep\"}",
                    Map.of("reason", new String[] {"42", "{}"}),
                    Map.of()));
        }
        endpoints.add(new JsonEndpoint(
                "PUT",
                "/api/pools/sweep_pool",
                "{\"limit\":4,\"allowUndeclared\":true}",
                with(
                        textFields,
                        "limit",
                        new String[] {"\"4\"", "4.5", "true", "[4]", "\"\""},
                        "allowUndeclared",
                        new String[] {"\"yes\"", "1"}),
                with(Map.of(), "limit", new String[] {"0", "-1", "10001", "99999999999", "null"})));
        for (String method : new String[] {"POST", "DELETE"}) {
            endpoints.add(new JsonEndpoint(
                    method,
                    "/api/partitions/test_regions/keys",
                    "{\"keys\":[\"sweep_eu\"]}",
                    with(textFields, "keys", new String[] {"\"a\"", "[1]", "[true]", "{}", "[[\"a\"]]"}),
                    with(Map.of(), "keys", keyLists())));
        }
        return endpoints;
    }

    /** Lists of keys that are not allowed: given twice, too long, blank, null, with control, bidi or lone surrogate characters. */
    private static String[] keyLists() {
        List<String> lists = new ArrayList<>(
                List.of("[\"a1\",\"a1\"]", "[\"" + HUGE + "\"]", "[\"\"]", "[\" \"]", "[null]", "[\"a\\nb\"]"));
        for (String bad : BAD_TEXT) {
            lists.add("[\"" + bad + "\"]");
        }
        return lists.toArray(String[]::new);
    }

    private static String[] names() {
        return Arrays.stream(BAD_NAME).map(n -> "\"" + n + "\"").toArray(String[]::new);
    }

    /** Bodies that are not a JSON object of the endpoint's fields: not JSON, not UTF-8, or another JSON type. */
    static Map<String, byte[]> malformedBodies() {
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

    static RawHttp.Request json(String method, String path, String host, byte[] body) {
        return RawHttp.Request.of(method, path, host, Map.of("Content-Type", "application/json"), body);
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

    private static Map<String, String[]> with(Map<String, String[]> base, Object... more) {
        Map<String, String[]> all = new LinkedHashMap<>(base);
        for (int i = 0; i < more.length; i += 2) {
            all.merge(
                    (String) more[i],
                    (String[]) more[i + 1],
                    (a, b) -> Stream.concat(Arrays.stream(a), Arrays.stream(b)).toArray(String[]::new));
        }
        return all;
    }

    static String shown(String value) {
        return value.length() > 60 ? value.substring(0, 60) + "… (" + value.length() + " characters)" : value;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
