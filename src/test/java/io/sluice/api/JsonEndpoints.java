package io.sluice.api;

import io.sluice.api.BadRequests.Fixture;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The sweep's JSON endpoints, each with a valid body and its fields' values of the wrong type or not allowed. */
final class JsonEndpoints {

    private JsonEndpoints() {}

    /** A JSON endpoint and its fields with values of the wrong type or not allowed. */
    record JsonEndpoint(
            String method, String path, String valid, Map<String, String[]> malformed, Map<String, String[]> invalid) {}

    private static final String HUGE = "k".repeat(1_000_000);
    static final String[] BAD_TEXT = {"al\\u202eice", "\\ud800", "x\\udc00y", "a\\u0000b", "a\\u2067b"};
    private static final String[] BAD_NAME = {"al\\u202eice", "\\ud800", "a\\nb", "a\\tb", "\\u0085", "n".repeat(201)};

    static List<JsonEndpoint> all(Fixture f) {
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
                        "ranges",
                        new String[] {"\"2024-01-01\"", "[1]", "[{\"start\":1,\"end\":2}]", "{}"},
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
        // the launch preview (dry run) reads and checks the body exactly as the launch does
        JsonEndpoint launch = endpoints.get(0);
        endpoints.add(
                new JsonEndpoint("POST", "/api/runs/preview", launch.valid(), launch.malformed(), launch.invalid()));
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
                with(Map.of(), "partitions", keyLists(), "keys", new String[] {"[\"1\"]"}, "ranges", new String[] {
                    "[{\"start\":\"2024-07-01\",\"end\":\"2024-07-09\"},{\"start\":\"2024-07-09\",\"end\":\"2024-07-10\"}]",
                    "[{\"start\":\"2024-07-01\"}]",
                    "[null]",
                    "[{\"start\":\"nope\",\"end\":\"2024-07-02\"}]",
                    "[{\"start\":\"2024-07-05\",\"end\":\"2024-07-01\"}]",
                    "[{\"start\":\"2023-12-30\",\"end\":\"2024-01-02\"}]"
                })));
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
                "/api/backfills/preview",
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
        endpoints.add(new JsonEndpoint(
                "POST",
                "/api/runs/" + f.run() + "/reexecute",
                "{\"scope\":\"FAILED\",\"reason\":\"sweep\"}",
                Map.of("scope", new String[] {"1", "[]", "true", "{}"}, "reason", new String[] {"42", "{}"}),
                Map.of("scope", new String[] {"\"SOME\"", "\"\"", "\"FAILED\""})));
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
}
