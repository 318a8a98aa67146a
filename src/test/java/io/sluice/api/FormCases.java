package io.sluice.api;

import io.sluice.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The sweep's bad launch forms: a body that cannot be read (bad escapes, bytes that are not UTF-8, another content type,
 * too large) is a problem; one that can be read but is not allowed is answered in the form, as htmx swaps it in.
 */
final class FormCases {

    private FormCases() {}

    private static final String FORM = "application/x-www-form-urlencoded";

    static List<BadRequests.Case> cases(String host, int port) {
        List<BadRequests.Case> cases = new ArrayList<>();
        String endpoint = "POST /ui/launch";
        for (String body : new String[] {
            "asset=test/flaky&reason=%",
            "asset=test/flaky&reason=50%25%2",
            "asset=test/flaky&%zz=1",
            "asset=test/flaky&reason=%ff%fe",
            "asset=%c3&mode=INCREMENTAL",
            "asset=test/flaky&reason=%ED%A0%80"
        }) {
            cases.add(new BadRequests.Case(
                    endpoint, body, form(host, FORM, body.getBytes(StandardCharsets.US_ASCII)), 400, false));
        }
        cases.add(new BadRequests.Case(
                endpoint,
                "reason=caf\\xe9 not percent-encoded",
                form(host, FORM, "asset=test/flaky&reason=caf\u00e9".getBytes(StandardCharsets.ISO_8859_1)),
                400,
                false));
        cases.add(new BadRequests.Case(
                endpoint,
                "a UTF-16 form",
                form(host, FORM + "; charset=UTF-16", "asset=test/flaky".getBytes(StandardCharsets.UTF_16)),
                400,
                false));
        cases.add(new BadRequests.Case(
                endpoint,
                "a JSON body",
                form(host, "application/json", BadRequests.bytes("{\"asset\":\"test/flaky\"}")),
                415,
                false));
        cases.add(new BadRequests.Case(
                endpoint,
                "a chunked body over 10 MB",
                RawHttp.Request.of(
                        "POST",
                        "/ui/launch",
                        host,
                        Map.of("Content-Type", FORM, "Transfer-Encoding", "chunked"),
                        RawHttp.chunked(
                                BadRequests.bytes("asset=test/flaky&reason=" + "r".repeat(10_600_000)), 65_536)),
                413,
                false));
        cases.add(new BadRequests.Case(
                endpoint,
                "the host 192.0.2.1",
                RawHttp.Request.of(
                        "POST",
                        "/ui/launch",
                        "192.0.2.1:" + port,
                        Map.of("Content-Type", FORM),
                        BadRequests.bytes("asset=test/flaky")),
                421,
                false));
        for (String body : new String[] {
            "asset=test/flaky&as=run&reason=al%E2%80%AEice",
            "asset=test/flaky&as=run&reason=%00",
            "asset=test/flaky&reason=%ED%9F%BF%F0",
            "asset=test/flaky&asset=test/flaky",
            "asset=test/flaky&mode=SOMETIMES",
            "asset=test/flaky&config=%5B%5D",
            "asset=test/flaky&config=%7Bbad",
            "asset=test/flaky&config=%7B%22attempts%22%3A%223%22%7D",
            "asset=test/daily&partitions=2024-03-01,2024-03-01",
            "asset=test/daily&partitions=2024-03-01...2024-03-05,2024-03-02&as=backfill",
            "asset=test/gated&mode=SINGLE_KEY&keys=" + "k".repeat(201),
            "asset=test/gated&mode=SINGLE_KEY&keys=a%E2%80%AEb",
            "asset=test/daily&partitions=2024-03-01&partitionsPerRun=x&as=backfill",
            "asset=test/flaky&as=elsewhere",
            "asset=test/flaky&reason=a&reason=b",
            "asset=nogroup",
            "asset=nope/nope",
            "",
            "asset=test/flaky&as=run&reason=" + "r".repeat(2_001),
            "asset=test/flaky",
            "asset=test/flaky&as=run&nope=1",
            "asset=test/flaky&as=run&launchedBy=eve",
            "asset=test/flaky&as=%20"
        }) {
            boolean malformed = body.contains("%ED%9F%BF%F0");
            cases.add(new BadRequests.Case(
                    endpoint,
                    BadRequests.shown(body),
                    form(host, FORM, body.getBytes(StandardCharsets.US_ASCII)),
                    malformed ? 400 : 0,
                    !malformed));
        }
        return cases;
    }

    /**
     * The run page's re-execute form: a body it cannot read (a bad escape, bytes that are not UTF-8, a charset it does
     * not know, an unknown field) is a 400 page, one it can read but not carry out (another scope, a field twice, no
     * failed step of a run that succeeded, a reason against the rules) a 409 or 422 page; nothing is launched.
     */
    static List<BadRequests.Case> reexecute(BadRequests.Fixture f, String host) {
        List<BadRequests.Case> cases = new ArrayList<>();
        String path = "/runs/" + f.run() + "/reexecute";
        String endpoint = "POST /runs/{id}/reexecute";
        Object[][] bodies = {
            {"scope=%", 400},
            {"scope=ALL%2", 400},
            {"%zz=1&scope=ALL", 400},
            {"scope=%ff%fe", 400},
            {"scope=ALL&reason=%ED%A0%80", 400},
            {"scope=ALL&nope=1", 400},
            {"scope=SOME", 422},
            {"", 422},
            {"scope=ALL&scope=FAILED", 422},
            {"scope=FAILED", 409},
            {"scope=ALL&reason=al%E2%80%AEice", 422},
            {"scope=ALL&reason=" + "r".repeat(2_001), 422}
        };
        for (Object[] body : bodies) {
            cases.add(BadRequests.Case.page(
                    endpoint,
                    BadRequests.shown((String) body[0]),
                    reexecuteForm(path, host, FORM, ((String) body[0]).getBytes(StandardCharsets.US_ASCII)),
                    (Integer) body[1]));
        }
        cases.add(BadRequests.Case.page(
                endpoint,
                "reason=caf\\xe9 not percent-encoded",
                reexecuteForm(path, host, FORM, "scope=ALL&reason=caf\u00e9".getBytes(StandardCharsets.ISO_8859_1)),
                400));
        for (String charset : new String[] {"nope", "UTF-16", "x\"y"}) {
            cases.add(BadRequests.Case.page(
                    endpoint,
                    "the charset " + charset,
                    reexecuteForm(
                            path, host, FORM + "; charset=" + charset, "scope=ALL".getBytes(StandardCharsets.UTF_8)),
                    400));
        }
        return cases;
    }

    private static RawHttp.Request reexecuteForm(String path, String host, String type, byte[] body) {
        return RawHttp.Request.of("POST", path, host, Map.of("Content-Type", type), body);
    }

    private static RawHttp.Request form(String host, String type, byte[] body) {
        return RawHttp.Request.of("POST", "/ui/launch", host, Map.of("Content-Type", type), body);
    }
}
