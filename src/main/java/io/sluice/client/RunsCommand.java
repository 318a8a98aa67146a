package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sluice runs}: list and show runs. */
@Command(
        name = "runs",
        description = "List and show runs.",
        subcommands = {RunsCommand.ListRuns.class, RunsCommand.ShowRun.class})
final class RunsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose list or show");
    }

    @Command(name = "list", description = "The latest runs, newest first.")
    static final class ListRuns extends Connected {

        @Option(
                names = {"-o", "--output"},
                defaultValue = "table",
                description = "table or json.")
        Output output;

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
            if (output == Output.json) {
                out().println(runs.toPrettyString());
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

        @Option(
                names = {"-o", "--output"},
                defaultValue = "table",
                description = "table or json.")
        Output output;

        @Override
        public Integer call() {
            JsonNode run = api().get("/api/runs/" + URLEncoder.encode(id, StandardCharsets.UTF_8));
            if (output == Output.json) {
                out().println(run.toPrettyString());
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
