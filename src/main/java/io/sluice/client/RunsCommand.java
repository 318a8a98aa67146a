package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sluice runs}: list and show runs. */
@Command(
        name = "runs",
        description = "List, show, follow, cancel and re-execute runs.",
        subcommands = {
            RunsCommand.ListRuns.class,
            RunsCommand.ShowRun.class,
            RunsCommand.Logs.class,
            RunsCommand.Cancel.class,
            RunsCommand.Reexecute.class
        })
final class RunsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose list, show, logs, cancel or reexecute");
    }

    @Command(name = "list", description = "The latest runs, newest first.")
    static final class ListRuns extends Connected {

        @Mixin
        OutputOption output;

        @Option(names = "--status", description = "Only runs in this status: QUEUED, STARTED, SUCCESS, FAILURE, ...")
        String status;

        @Option(names = "--asset", description = "Only runs of this asset.")
        String asset;

        @Option(names = "--limit", defaultValue = "20", description = "At most this many (default ${DEFAULT-VALUE}).")
        int limit;

        @Override
        public Integer call() {
            StringBuilder path = new StringBuilder("/api/runs?limit=").append(limit);
            query(path, "status", status);
            query(path, "asset", asset);
            JsonNode runs = api().get(path.toString());
            if (output.printed(out(), runs)) {
                return 0;
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode r : runs) {
                rows.add(List.of(
                        r.path("id").asText(),
                        r.path("status").asText(),
                        r.path("mode").asText(),
                        join(r.path("assets")),
                        r.path("createdAt").asText(""),
                        r.path("launchedBy").asText("")));
            }
            Table.print(out(), List.of("ID", "STATUS", "MODE", "ASSETS", "CREATED", "BY"), rows);
            return 0;
        }
    }

    @Command(name = "show", description = "One run: its status, steps and error.")
    static final class ShowRun extends Connected {

        @Parameters(paramLabel = "RUN", description = "The run's id (or its end, as the pages show it).")
        String id;

        @Mixin
        OutputOption output;

        @Override
        public Integer call() {
            JsonNode run = api().get(runPath(id));
            if (output.printed(out(), run)) {
                return 0;
            }
            out().println("run " + run.path("id").asText() + ": "
                    + run.path("status").asText() + " (" + run.path("mode").asText() + " of " + join(run.path("assets"))
                    + ")");
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode s : run.path("steps")) {
                rows.add(List.of(
                        s.path("asset").asText(),
                        s.path("status").asText(),
                        s.path("rowsWritten").asText(""),
                        s.path("error").asText("")));
            }
            Table.print(out(), List.of("ASSET", "STATUS", "ROWS", "ERROR"), rows);
            if (run.hasNonNull("error")) {
                out().println("error: " + run.path("error").asText());
            }
            return 0;
        }
    }

    /** The statuses a run ends in. */
    static final java.util.Set<String> ENDED = java.util.Set.of("SUCCESS", "FAILURE", "CANCELED", "SKIPPED");

    static String runPath(String id) {
        return "/api/runs/" + URLEncoder.encode(id, StandardCharsets.UTF_8);
    }

    @Command(name = "logs", description = "A run's log lines; --follow prints new ones until the run ends.")
    static final class Logs extends Connected {

        @Parameters(paramLabel = "RUN", description = "The run's id.")
        String id;

        @Option(
                names = {"-f", "--follow"},
                description = "Keep printing new lines until the run ends.")
        boolean follow;

        @Mixin
        OutputOption output;

        @Option(
                names = "--poll",
                paramLabel = "SECONDS",
                defaultValue = "1",
                description = "With --follow, how often to ask (default ${DEFAULT-VALUE} s).")
        double poll;

        @Override
        public Integer call() throws InterruptedException {
            Api api = api();
            String path = runPath(id);
            long after = 0;
            while (true) {
                String status = follow ? api.get(path).path("status").asText() : "";
                JsonNode lines;
                do {
                    lines = api.get(path + "/logs?limit=1000&after=" + after);
                    for (JsonNode line : lines) {
                        after = Math.max(after, line.path("id").asLong());
                        out().println(
                                        output.json()
                                                ? line.toString()
                                                : line.path("ts").asText() + " "
                                                        + line.path("level").asText() + " "
                                                        + (line.hasNonNull("asset")
                                                                ? "["
                                                                        + line.path("asset")
                                                                                .asText() + "] "
                                                                : "")
                                                        + line.path("message")
                                                                .asText()
                                                                .replaceAll("\\p{Cntrl}", " "));
                    }
                    out().flush();
                } while (lines.size() == 1000);
                if (!follow || ENDED.contains(status)) {
                    return 0;
                }
                Thread.sleep(Math.max(100, (long) (poll * 1000)));
            }
        }
    }

    @Command(name = "cancel", description = "Cancel a queued or running run.")
    static final class Cancel extends Connected {

        @Parameters(paramLabel = "RUN", description = "The run's id.")
        String id;

        @Option(names = "--reason", paramLabel = "TEXT", description = "Why, as the audit log keeps it.")
        String reason;

        @Override
        public Integer call() {
            JsonNode run = api().post(runPath(id) + "/cancel", withReason(reason));
            out().println("run " + run.path("id").asText() + " "
                    + run.path("status").asText()
                    + (run.path("cancelRequested").asBoolean() ? " (cancel requested)" : ""));
            return 0;
        }
    }

    @Command(name = "reexecute", description = "Run a finished run again, as a new run: every step, or --failed ones.")
    static final class Reexecute extends Connected {

        @Parameters(paramLabel = "RUN", description = "The run's id.")
        String id;

        @Option(names = "--failed", description = "Only the steps that did not succeed.")
        boolean failed;

        @Option(names = "--reason", paramLabel = "TEXT", description = "Why, as the audit log keeps it.")
        String reason;

        @Override
        public Integer call() {
            JsonNode body = withReason(reason).put("scope", failed ? "FAILED" : "ALL");
            JsonNode run = api().post(runPath(id) + "/reexecute", body);
            out().println("launched run " + run.path("id").asText() + " re-executing " + id);
            return 0;
        }
    }

    static void query(StringBuilder path, String name, String value) {
        if (value != null) {
            path.append('&').append(name).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }

    static String join(JsonNode values) {
        List<String> all = new ArrayList<>();
        values.forEach(v -> all.add(v.asText()));
        return String.join(",", all);
    }
}
