package io.sluice.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.sluice.testing.Runs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's commands against the test server (authentication off), in process: output and exit codes. */
@QuarkusTest
class SluiceClientTest {

    @TempDir
    Path home;

    record Result(int code, String out, String err) {}

    private Result sluice(String... args) {
        Map<String, String> env = new HashMap<>();
        env.put("XDG_CONFIG_HOME", home.toString());
        return sluice(env, args);
    }

    private static Result sluice(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SluiceClient.run(args, new PrintWriter(out), new PrintWriter(err), env);
        return new Result(code, out.toString(), err.toString());
    }

    private static String server() {
        return "http://localhost:" + RestAssured.port;
    }

    @Test
    void runsListAndShowAnswerInTablesAndJson() throws Exception {
        String id = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"reason\":\"cli\"}")
                .getString("id");

        Result table = sluice("runs", "list", "--server", server(), "--asset", "test/checked");
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out())
                .startsWith("ID")
                .contains(id)
                .contains("SUCCESS")
                .contains("test/checked");

        Result json = sluice("runs", "list", "--server", server(), "-o", "json", "--limit", "500");
        assertThat(json.code()).isZero();
        JsonNode runs = Api.JSON.readTree(json.out());
        assertThat(runs.isArray()).isTrue();
        assertThat(runs.findValuesAsText("id")).contains(id);

        Result show = sluice("runs", "show", id, "--server", server());
        assertThat(show.code()).as(show.err()).isZero();
        assertThat(show.out())
                .contains("run " + id + ": SUCCESS")
                .contains("ASSET")
                .contains("test/checked");
        assertThat(Api.JSON
                        .readTree(sluice("runs", "show", id, "--server", server(), "-o", "json")
                                .out())
                        .path("id")
                        .asText())
                .isEqualTo(id);
    }

    @Test
    void anUnknownRunIsAUsageErrorInOneLine() {
        Result r = sluice("runs", "show", "no-such-run", "--server", server());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("sluice: ").contains("no-such-run").hasLineCount(1);
    }

    @Test
    void anUnreachableServerIsExitThreeInOneLine() {
        Result r = sluice("runs", "list", "--server", "http://127.0.0.1:1", "--timeout", "5");
        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err())
                .startsWith("sluice: cannot reach the Sluice server at http://127.0.0.1:1")
                .hasLineCount(1);
    }

    @Test
    void badArgumentsAreExitTwoWithoutAStackTrace() {
        for (String[] args : new String[][] {
            {"runs", "list", "--no-such-option"},
            {"runs", "list", "--server", "ftp://example.com"},
            {"runs", "list", "-o", "yaml"},
            {"runs"},
            {"no-such-command"}
        }) {
            Result r = sluice(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err())
                    .as(String.join(" ", args))
                    .startsWith("sluice: ")
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void loginStoresTheServerForTheOwnerOnlyAndWhoamiUsesIt() throws Exception {
        Result login = sluice("login", "--server", server(), "--token", "");
        assertThat(login.code()).as(login.err()).isZero();
        assertThat(login.out()).contains("Logged in to " + server()).contains("authentication off");
        Path file = home.resolve("sluice").resolve("config.json");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(Api.JSON.readTree(file.toFile()).path("server").asText()).isEqualTo(server());

        Result whoami = sluice("whoami"); // no --server: the stored one
        assertThat(whoami.code()).as(whoami.err()).isZero();
        assertThat(whoami.out()).contains("authentication off").contains(" on " + server());
        Result json = sluice("whoami", "-o", "json");
        assertThat(Api.JSON.readTree(json.out()).path("authenticated").asBoolean(true))
                .isFalse();

        Map<String, String> env = new HashMap<>(Map.of("XDG_CONFIG_HOME", home.toString()));
        env.put("SLUICE_URL", "http://127.0.0.1:1");
        assertThat(sluice(env, "whoami", "--timeout", "5").code())
                .as("SLUICE_URL comes before the config file")
                .isEqualTo(3);
    }

    @Test
    void assetsListAndShowTheCatalog() throws Exception {
        Result list = sluice("assets", "list", "--server", server());
        assertThat(list.code()).as(list.err()).isZero();
        assertThat(list.out()).startsWith("ASSET").contains("test/checked").contains("test_checked");
        JsonNode json = Api.JSON.readTree(
                sluice("assets", "list", "--server", server(), "-o", "json").out());
        assertThat(json.findValuesAsText("key")).contains("test/checked", "test/daily");

        Result show = sluice("assets", "show", "test/checked", "--server", server());
        assertThat(show.code()).as(show.err()).isZero();
        assertThat(show.out()).contains("test/checked").contains("test_checked (");
        Result unknown = sluice("assets", "show", "test/no_such_asset", "--server", server());
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err())
                .startsWith("sluice: ")
                .contains("no_such_asset")
                .hasLineCount(1);
    }

    @Test
    void materializeLaunchesAndWithWaitExitsByTheRunsEnd() {
        Result ok = sluice(
                "materialize",
                "test/checked",
                "--config-json",
                "{\"rows\": 4}",
                "--reason",
                "from the cli",
                "--wait",
                "--poll",
                "0.2",
                "--server",
                server());
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("launched run ").contains(" SUCCESS");

        // a null name fails the blocking check: the run fails, exit 1
        Result failed = sluice(
                "materialize",
                "test/checked",
                "--config-json",
                "{\"nullName\": true}",
                "--wait",
                "--poll",
                "0.2",
                "--server",
                server());
        assertThat(failed.code()).as(failed.out() + failed.err()).isEqualTo(1);
        assertThat(failed.out()).contains(" FAILURE");

        for (String[] args : new String[][] {
            {"materialize", "test/checked", "--full-refresh", "--key", "k1"},
            {"materialize", "test/checked", "--config-json", "not json"},
            {"materialize", "test/checked", "--config-json", "[1]"},
            {"materialize", "test/checked", "--from", "2024-01-01"},
            {"materialize"},
            {"materialize", "test/no_such_asset"}
        }) {
            String[] withServer = java.util.stream.Stream.concat(
                            java.util.Arrays.stream(args), java.util.stream.Stream.of("--server", server()))
                    .toArray(String[]::new);
            Result r = sluice(withServer);
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err())
                    .as(String.join(" ", args))
                    .startsWith("sluice: ")
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void runsLogsCancelAndReexecute() throws Exception {
        String id = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"rows\":5}}")
                .getString("id");
        Result logs = sluice("runs", "logs", id, "--server", server());
        assertThat(logs.code()).as(logs.err()).isZero();
        assertThat(logs.out()).contains("[test/checked] check id_range (WARN): FAILED");
        Result followed = sluice("runs", "logs", id, "--follow", "-o", "json", "--server", server());
        assertThat(followed.code()).as("a finished run's --follow ends").isZero();
        assertThat(followed.out().lines().map(l -> {
                    try {
                        return Api.JSON.readTree(l).path("message").asText();
                    } catch (Exception e) {
                        throw new AssertionError(l, e);
                    }
                }))
                .anyMatch(m -> m.startsWith("check id_range"));

        Result cancel = sluice("runs", "cancel", id, "--reason", "too late", "--server", server());
        assertThat(cancel.code())
                .as("a finished run cannot be canceled: " + cancel.err())
                .isEqualTo(2);
        assertThat(cancel.err()).startsWith("sluice: ").hasLineCount(1);

        Result again = sluice("runs", "reexecute", id, "--reason", "again", "--server", server());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).startsWith("launched run ").contains("re-executing " + id);
        String second = again.out().split(" ")[2];
        Runs.await(second);
    }

    @Test
    void schedulesAndSensorsListStartStopAndTicks() throws Exception {
        String name = io.sluice.testing.TestSchedules.METRICS;
        Result list = sluice("schedules", "list", "--server", server());
        assertThat(list.code()).as(list.err()).isZero();
        assertThat(list.out()).startsWith("NAME").contains(name).contains("0 0 1 1 * UTC");

        Result start = sluice("schedules", "start", name, "--reason", "cli test", "--server", server());
        assertThat(start.code()).as(start.err()).isZero();
        assertThat(start.out()).isEqualTo(name + " RUNNING" + System.lineSeparator());
        Result stop = sluice("schedules", "stop", name, "--reason", "cli test", "--server", server());
        assertThat(stop.code()).as(stop.err()).isZero();
        assertThat(stop.out()).contains(name + " STOPPED");

        Result ticks = sluice("schedules", "ticks", name, "-o", "json", "--server", server());
        assertThat(ticks.code()).as(ticks.err()).isZero();
        assertThat(Api.JSON.readTree(ticks.out()).isArray()).isTrue();
        Result sensors = sluice("sensors", "list", "-o", "json", "--server", server());
        assertThat(sensors.code()).as(sensors.err()).isZero();
        assertThat(Api.JSON.readTree(sensors.out()).isArray()).isTrue();

        Result unknown = sluice("schedules", "start", "no_such_schedule", "--server", server());
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err())
                .startsWith("sluice: ")
                .contains("no_such_schedule")
                .hasLineCount(1);
    }

    @Test
    void backfillCreateWatchListStatusAndSteering() throws Exception {
        Result created = sluice(
                "backfill",
                "create",
                "test/daily",
                "--from",
                "2024-03-01",
                "--to",
                "2024-03-05",
                "--max-concurrent",
                "2",
                "--reason",
                "cli",
                "--watch",
                "--poll",
                "0.2",
                "--server",
                server());
        assertThat(created.code()).as(created.out() + created.err()).isZero();
        assertThat(created.out()).startsWith("launched backfill ").contains("COMPLETED 5/5 partitions done, 0 failed");
        String id = created.out().split(" ")[2].replace(":", "");

        Result list = sluice("backfill", "list", "--server", server());
        assertThat(list.code()).as(list.err()).isZero();
        assertThat(list.out()).contains(id).contains("COMPLETED");
        Result status = sluice("backfill", "status", id, "--server", server());
        assertThat(status.out()).startsWith("COMPLETED 5/5 partitions done");
        assertThat(Api.JSON
                        .readTree(sluice("backfill", "status", id, "-o", "json", "--server", server())
                                .out())
                        .path("status")
                        .asText())
                .isEqualTo("COMPLETED");

        Result pause = sluice("backfill", "pause", id, "--server", server());
        assertThat(pause.code())
                .as("a completed backfill cannot be paused: " + pause.err())
                .isEqualTo(2);
        Result retry = sluice("backfill", "retry-failed", id, "--server", server());
        assertThat(retry.code()).as("nothing failed to retry: " + retry.err()).isEqualTo(2);
        assertThat(sluice("backfill", "status", "no-such-backfill", "--server", server())
                        .code())
                .isEqualTo(2);
    }

    @Test
    void lineageShowsUpstreamAndDownstreamAsTreesAndJson() throws Exception {
        Result tree = sluice("lineage", "test/daily_rollup", "--server", server());
        assertThat(tree.code()).as(tree.err()).isZero();
        assertThat(tree.out())
                .startsWith("test/daily_rollup  ")
                .contains("upstream:" + System.lineSeparator() + "\\-- test/hourly  ")
                .contains("downstream:")
                .contains("-- test/rollup_summary  ");

        Result none =
                sluice("lineage", "test/daily_rollup", "--upstream", "0", "--downstream", "1", "--server", server());
        assertThat(none.code()).as(none.err()).isZero();
        assertThat(none.out()).doesNotContain("test/hourly").contains("test/rollup_summary");

        JsonNode json = Api.JSON.readTree(sluice("lineage", "test/rollup_summary", "-o", "json", "--server", server())
                .out());
        assertThat(json.path("asset").asText()).isEqualTo("test/rollup_summary");
        assertThat(json.path("upstream").findValuesAsText("asset")).containsExactly("test/daily_rollup", "test/hourly");
        assertThat(json.path("upstream").get(1).path("depth").asInt()).isEqualTo(2);
        assertThat(json.path("downstream").isArray()).isTrue();

        Result unknown = sluice("lineage", "test/no_such_asset", "--server", server());
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err())
                .startsWith("sluice: ")
                .contains("no_such_asset")
                .hasLineCount(1);
        assertThat(sluice("lineage", "test/daily_rollup", "--upstream", "-1", "--server", server())
                        .code())
                .isEqualTo(2);
    }

    @Test
    void previewShowsWhatMaterializeWouldRunAndLaunchesNothing() throws Exception {
        int before = Api.JSON
                .readTree(sluice(
                                "runs",
                                "list",
                                "--asset",
                                "test/daily",
                                "--limit",
                                "500",
                                "-o",
                                "json",
                                "--server",
                                server())
                        .out())
                .size();
        Result p = sluice("preview", "test/daily", "--from", "2024-03-01", "--to", "2024-03-05", "--server", server());
        assertThat(p.code()).as(p.err()).isZero();
        assertThat(p.out())
                .startsWith("would launch 1 run (INCREMENTAL) of 1 asset over 5 partitions")
                .contains("test/daily")
                .contains("partitions (5)");
        JsonNode json = Api.JSON.readTree(
                sluice("preview", "test/checked", "--config-json", "{\"rows\": 3}", "-o", "json", "--server", server())
                        .out());
        assertThat(json.path("assets").get(0).asText()).isEqualTo("test/checked");
        assertThat(json.path("config").path("test/checked").path("rows").asInt())
                .isEqualTo(3);
        assertThat(Api.JSON
                        .readTree(sluice(
                                        "runs",
                                        "list",
                                        "--asset",
                                        "test/daily",
                                        "--limit",
                                        "500",
                                        "-o",
                                        "json",
                                        "--server",
                                        server())
                                .out())
                        .size())
                .as("a preview launches nothing")
                .isEqualTo(before);

        Result unknown = sluice("preview", "test/no_such_asset", "--server", server());
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err())
                .startsWith("sluice: ")
                .contains("no_such_asset")
                .hasLineCount(1);
        Result both = sluice("preview", "test/checked", "--full-refresh", "--key", "k1", "--server", server());
        assertThat(both.code()).isEqualTo(2);
    }

    @Test
    void rollbackPreviewsWithDryRunAndRestoresAnEarlierRun() throws Exception {
        String first = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"cli1\"}}")
                .getString("id");
        Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"cli2\",\"rows\":4}}");

        Result dry = sluice("rollback", "test_checked", "--to-run", first, "--dry-run", "--server", server());
        assertThat(dry.code()).as(dry.err()).isZero();
        assertThat(dry.out())
                .startsWith("rollback of table test_checked to run:" + first + " (dry run")
                .contains("current rows")
                .contains("writes undone");
        JsonNode preview = Api.JSON.readTree(
                sluice("rollback", "test/checked", "--to-run", first, "--dry-run", "-o", "json", "--server", server())
                        .out());
        assertThat(preview.path("table").asText()).isEqualTo("test_checked");
        assertThat(preview.path("undone").size()).isPositive();

        Result done = sluice(
                "rollback",
                "test/checked",
                "--to-run",
                first,
                "--reason",
                "cli2 was wrong",
                "--wait",
                "--poll",
                "0.2",
                "--server",
                server());
        assertThat(done.code()).as(done.out() + done.err()).isZero();
        assertThat(done.out())
                .startsWith("launched rollback run ")
                .contains("of test/checked to run:" + first)
                .contains(" SUCCESS");

        for (String[] args : new String[][] {
            {"rollback", "test/checked", "--to-run", first},
            {"rollback", "test/checked", "--reason", "r"},
            {"rollback", "test/checked", "--to-run", first, "--before-run", first, "--reason", "r"},
            {"rollback", "test/checked", "--to-run", first, "--partition", "2024-01-01", "--dry-run"},
            {"rollback", "no_such_table", "--to-run", first, "--reason", "r"},
            {"rollback", "test/no_such_asset", "--to-run", first, "--reason", "r"},
            {"rollback", "test/checked", "--to-run", "no-such-run", "--dry-run"}
        }) {
            String[] withServer = java.util.stream.Stream.concat(
                            java.util.Arrays.stream(args), java.util.stream.Stream.of("--server", server()))
                    .toArray(String[]::new);
            Result r = sluice(withServer);
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err())
                    .as(String.join(" ", args))
                    .startsWith("sluice: ")
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void auditReadsPageByPageAndWritesCsv() throws Exception {
        String reason = "say \"hi\", then\ngo " + java.util.UUID.randomUUID();
        String id = Runs.launchAndAwait(
                        "{\"assets\":[\"test/checked\"],\"reason\":" + Api.JSON.writeValueAsString(reason) + "}")
                .getString("id");
        Runs.launchAndAwait("{\"assets\":[\"test/checked\"]}");
        Runs.launchAndAwait("{\"assets\":[\"test/checked\"]}");

        Result table = sluice("audit", "--run", id, "--action", "RUN_LAUNCHED", "--server", server());
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).startsWith("TIME").contains("RUN_LAUNCHED").contains("run " + id);

        Result csv = sluice("audit", "--run", id, "--csv", "--server", server());
        assertThat(csv.code()).as(csv.err()).isZero();
        assertThat(csv.out()).startsWith("id,ts,actor,action,run,backfill,assets,reason,detail\r\n");
        assertThat(csv.out()).contains("," + id + ",").contains(",\"say \"\"hi\"\", then\ngo ");

        int pageSize = AuditCommand.pageSize;
        AuditCommand.pageSize = 2;
        try {
            JsonNode five = Api.JSON.readTree(sluice("audit", "--limit", "5", "-o", "json", "--server", server())
                    .out());
            assertThat(five.size()).as("five events, read two at a time").isEqualTo(5);
            assertThat(five.findValuesAsText("id")).doesNotHaveDuplicates();
        } finally {
            AuditCommand.pageSize = pageSize;
        }
        JsonNode since = Api.JSON.readTree(sluice("audit", "--since", "2999-01-01", "-o", "json", "--server", server())
                .out());
        assertThat(since.isEmpty()).isTrue();

        for (String[] args : new String[][] {
            {"audit", "--action", "NO_SUCH_ACTION"},
            {"audit", "--since", "not-a-time"},
            {"audit", "--csv", "-o", "json"},
            {"audit", "--limit", "0"}
        }) {
            String[] withServer = java.util.stream.Stream.concat(
                            java.util.Arrays.stream(args), java.util.stream.Stream.of("--server", server()))
                    .toArray(String[]::new);
            Result r = sluice(withServer);
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err())
                    .as(String.join(" ", args))
                    .startsWith("sluice: ")
                    .hasLineCount(1);
        }
    }

    @Test
    void theNextPageIsTheLinkHeadersPathOnThisServer() {
        assertThat(Api.next("<http://10.0.0.1:8080/api/audit?limit=2&cursor=abc%3D>; rel=\"next\""))
                .contains("/api/audit?limit=2&cursor=abc%3D");
        assertThat(Api.next("<http://x/api/audit?before=1>; rel=\"prev\"")).isEmpty();
        assertThat(Api.next(null)).isEmpty();
        assertThat(AuditCommand.field("plain")).isEqualTo("plain");
        assertThat(AuditCommand.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(AuditCommand.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
    }

    @Test
    void theProgressBarCountsEndedPartitions() throws Exception {
        JsonNode b = Api.JSON.readTree("{\"status\":\"RUNNING\",\"progress\":{\"partitionsPerSecond\":10.0,"
                + "\"partitions\":{\"total\":2500,\"queued\":1249,\"running\":1,"
                + "\"succeeded\":1249,\"failed\":1,\"canceled\":0,\"skipped\":0}}}");
        assertThat(BackfillProgressLine.bar(b, 10))
                .isEqualTo("[#####.....]  50% RUNNING 1249/2500 partitions done, 1 failed, 1250 left, 10.0/s,"
                        + " ETA 2m 05s");
        assertThat(BackfillProgressLine.duration(45)).isEqualTo("45s");
        assertThat(BackfillProgressLine.duration(3 * 3600 + 7 * 60 + 10)).isEqualTo("3h 07m");
    }
}
