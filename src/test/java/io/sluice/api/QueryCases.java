package io.sluice.api;

import io.sluice.testing.RawHttp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The sweep's bad query parameters, unknown or malformed ids, methods an endpoint does not take, types it cannot answer in, bad hosts. */
final class QueryCases {

    private QueryCases() {}

    static List<BadRequests.Case> cases(BadRequests.Fixture f, String host, int port) {
        List<BadRequests.Case> cases = new ArrayList<>();
        String run = f.run();
        // path, then pairs of (query, status)
        Object[][] queries = {
            {
                "/api/runs",
                "limit=abc",
                400,
                "limit=0",
                422,
                "limit=-1",
                422,
                "limit=501",
                422,
                "limit=99999999999",
                422,
                "limit=1.5",
                400,
                "limit=%2B",
                400,
                "offset=0",
                400,
                "cursor=abc",
                400,
                "status=GREEN",
                422,
                "asset=nogroup",
                400,
                "asset=a//b",
                400
            },
            {
                "/api/runs/" + run + "/logs",
                "limit=0",
                422,
                "limit=10001",
                422,
                "limit=abc",
                400,
                "after=-1",
                422,
                "after=x",
                400
            },
            {
                "/api/audit",
                "limit=0",
                422,
                "limit=501",
                422,
                "limit=abc",
                400,
                "offset=-1",
                400,
                "cursor=%25",
                400,
                "from=yesterday",
                400,
                "to=2024-13-01T00:00:00Z",
                400,
                "from=2025-01-02T00:00:00Z&to=2025-01-01T00:00:00Z",
                422,
                "asset=nogroup",
                400,
                "from=%2B10000-01-01T00:00:00Z",
                422
            },
            {"/api/backfills", "limit=0", 422, "limit=501", 422, "limit=abc", 400, "offset=-1", 400, "cursor=x", 400},
            {"/api/assets/test/gated/keys", "limit=0", 422, "limit=1001", 422, "limit=abc", 400},
            {"/api/assets/test/flaky/keys", "", 422},
            {"/api/assets/test/daily/partitions", "status=GREEN", 422, "status=MISSING&status=FAILED", 400},
            {"/api/assets/test/flaky/partitions", "", 422},
            {
                "/api/lake/tables/test_checked/rows",
                "limit=0",
                422,
                "limit=1001",
                422,
                "limit=abc",
                400,
                "after=zz",
                400,
                "after=AB&before=AB",
                422,
                "businessDate=2024-13-01",
                400,
                "businessDate=2024-01-01",
                422,
                "systemTime=soon",
                400,
                "systemTime=2024-01-01",
                400
            },
            {
                "/api/lake/tables/test_checked/changes",
                "",
                422,
                "run=nope",
                404,
                "run=" + run + "&limit=0",
                422,
                "run=" + run + "&limit=abc",
                400
            },
        };
        for (Object[] q : queries) {
            String path = (String) q[0];
            for (int i = 1; i < q.length; i += 2) {
                String query = (String) q[i];
                cases.add(new BadRequests.Case(
                        "GET " + path,
                        query.isEmpty() ? "no parameters" : query,
                        get(path + (query.isEmpty() ? "" : "?" + query), host),
                        (Integer) q[i + 1],
                        false));
            }
        }
        String[] unknown = {
            "/api/runs/nope",
            "/api/runs/nope/logs",
            "/api/runs/nope/checks",
            "/api/backfills/nope",
            "/api/assets/nope/nope",
            "/api/assets/nope/nope/keys",
            "/api/assets/nope/nope/partitions",
            "/api/lake/tables/nope",
            "/api/lake/tables/nope/rows",
            "/api/lake/tables/nope/changes?run=" + run,
            "/api/partitions/nope/keys",
            "/runs/nope/live",
            "/api/runs/%0A",
            "/api/runs/%E2%80%AE",
            "/api/runs/%FF",
            "/api/runs/" + "x".repeat(3_000),
            "/api/nope",
            "/q/nope",
            "/static/nope.js"
        };
        for (String path : unknown) {
            cases.add(new BadRequests.Case(
                    "GET " + path.replaceAll("x{100,}", "x..."), "an unknown id", get(path, host), 404, false));
        }
        Object[][] writes = {
            {"POST", "/api/runs/nope/cancel", 404},
            {"POST", "/api/backfills/nope/pause", 404},
            {"POST", "/api/backfills/nope/retry-failed", 404},
            {"DELETE", "/api/pools/never_set", 404},
            {"DELETE", "/api/pools/bad%20name", 422},
            {"PUT", "/api/pools/" + "p".repeat(201), 422},
            {"PUT", "/api/pools/undeclared_pool", 404},
            {"POST", "/ui/backfills/nope/pause", 404},
            {"POST", "/api/assets/nope/nope/rollback", 404},
            {"POST", "/api/partitions/nope/keys", 404},
            {"DELETE", "/api/partitions/nope/keys", 404}
        };
        for (Object[] w : writes) {
            String body = ((String) w[1]).contains("/pools/")
                    ? "{\"limit\":2}"
                    : ((String) w[1]).contains("/partitions/")
                            ? "{\"keys\":[\"a\"]}"
                            : ((String) w[1]).contains("rollback") ? "{\"toRun\":\"nope\"}" : "{\"reason\":\"sweep\"}";
            cases.add(new BadRequests.Case(
                    w[0] + " " + w[1],
                    "an unknown or malformed name",
                    BadRequests.json((String) w[0], (String) w[1], host, BadRequests.bytes(body)),
                    (Integer) w[2],
                    false));
        }
        String[][] methods = {
            {"DELETE", "/api/runs"},
            {"PUT", "/api/runs"},
            {"PATCH", "/api/backfills"},
            {"POST", "/api/assets"},
            {"DELETE", "/api/audit"},
            {"POST", "/api/lake/tables"},
            {"PUT", "/api/partitions"},
            {"POST", "/api/pools"},
            {"GET", "/ui/launch"},
            {"DELETE", "/api/runs/" + run},
            {"PUT", "/api/backfills/" + f.backfill()},
            {"GET", "/api/runs/" + run + "/cancel"},
            {"POST", "/api/assets/test/daily/partitions"}
        };
        for (String[] m : methods) {
            cases.add(new BadRequests.Case(
                    m[0] + " " + m[1],
                    "a method it does not take",
                    RawHttp.Request.of(
                            m[0], m[1], host, Map.of("Content-Type", "application/json"), BadRequests.bytes("{}")),
                    405,
                    false));
        }
        for (String[] a : new String[][] {
            {"/api/runs", "application/xml"}, {"/api/assets", "image/png"}, {"/api/audit", "text/csv"}
        }) {
            cases.add(new BadRequests.Case(
                    "GET " + a[0],
                    "Accept: " + a[1],
                    RawHttp.Request.of("GET", a[0], host, Map.of("Accept", a[1]), null),
                    406,
                    false));
        }
        String[] reads = {
            "/api/assets",
            "/api/assets/test/daily",
            "/api/assets/test/gated/keys",
            "/api/assets/test/daily/partitions",
            "/api/runs",
            "/api/runs/" + run,
            "/api/runs/" + run + "/logs",
            "/api/runs/" + run + "/checks",
            "/api/lake/tables",
            "/api/lake/tables/test_checked",
            "/api/lake/tables/test_checked/rows",
            "/api/lake/tables/test_checked/changes?run=" + run,
            "/api/backfills",
            "/api/backfills/" + f.backfill(),
            "/api/partitions",
            "/api/partitions/test_regions/keys",
            "/api/pools",
            "/api/audit",
            "/",
            "/ui/runs",
            "/ui/keys?asset=test/gated",
            "/ui/backfills",
            "/runs/" + run,
            "/runs/" + run + "/live",
            "/q/openapi",
            "/static/sluice.js"
        };
        for (String path : reads) {
            for (String bad : new String[] {"evil.example:" + port, "localhost.evil.example", "10.0.0.1"}) {
                cases.add(new BadRequests.Case("GET " + path, "the host " + bad, get(path, bad), 421, false));
            }
        }
        for (String path :
                new String[] {"/runs/" + run + "/cancel", "/ui/backfills/" + f.backfill() + "/pause", "/ui/launch"}) {
            cases.add(new BadRequests.Case(
                    "POST " + path,
                    "the host evil.example",
                    RawHttp.Request.of(
                            "POST",
                            path,
                            "evil.example:" + port,
                            Map.of(
                                    "Origin",
                                    "http://evil.example:" + port,
                                    "Sec-Fetch-Site",
                                    "same-origin",
                                    "Content-Type",
                                    "application/x-www-form-urlencoded"),
                            BadRequests.bytes("asset=test/flaky")),
                    421,
                    false));
        }
        return cases;
    }

    private static RawHttp.Request get(String path, String host) {
        return RawHttp.Request.of("GET", path, host, Map.of(), null);
    }
}
