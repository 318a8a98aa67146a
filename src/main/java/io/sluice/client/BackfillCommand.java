package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sluice backfill}: launch, list, follow and steer backfills. */
@Command(
        name = "backfill",
        description = "Create, list, watch, pause, resume, cancel and retry backfills.",
        subcommands = {
            BackfillCommand.Create.class,
            BackfillCommand.ListAll.class,
            BackfillCommand.Status.class,
            BackfillCommand.Pause.class,
            BackfillCommand.Resume.class,
            BackfillCommand.Cancel.class,
            BackfillCommand.RetryFailed.class
        })
final class BackfillCommand implements Runnable {

    private static final Set<String> FINISHED = Set.of("COMPLETED", "FAILED", "CANCELED");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "choose create, list, status, pause, resume, cancel or retry-failed");
    }

    static String path(String id) {
        return "/api/backfills/" + URLEncoder.encode(id, StandardCharsets.UTF_8);
    }

    /** What a command that can follow a backfill takes, and the following itself. */
    abstract static class Watching extends Connected {
        @Option(
                names = {"-w", "--watch"},
                description = "Follow it to its end; exit 1 unless it COMPLETED.")
        boolean watch;

        @Option(
                names = "--poll",
                paramLabel = "SECONDS",
                defaultValue = "1",
                description = "With --watch, how often to ask (default ${DEFAULT-VALUE} s).")
        double poll;

        /**
         * Follows backfill {@code id} to its end: a bar redrawn in place on a terminal, else a line whenever its counts
         * change. Exit 0 when it COMPLETED, 1 otherwise.
         */
        int follow(Api api, JsonNode backfill) throws InterruptedException {
            boolean terminal = System.console() != null;
            String id = backfill.path("id").asText();
            if (id.isEmpty()) {
                throw new CliFailure(CliFailure.FAILED, "the server answered without the backfill's id");
            }
            String last = "";
            while (true) {
                String line = terminal ? BackfillProgressLine.bar(backfill, 30) : BackfillProgressLine.words(backfill);
                if (terminal) {
                    out().print("\r" + line + "\033[K");
                    out().flush();
                } else if (!line.equals(last)) {
                    out().println(line);
                    out().flush();
                }
                last = line;
                if (FINISHED.contains(backfill.path("status").asText())) {
                    if (terminal) {
                        out().println();
                    }
                    return backfill.path("status").asText().equals("COMPLETED") ? 0 : CliFailure.FAILED;
                }
                Thread.sleep(Math.max(100, (long) (poll * 1000)));
                backfill = api.get(path(id));
            }
        }
    }

    @Command(name = "create", description = "Backfill the assets over a range of partitions, throttled.")
    static final class Create extends Watching {
        @Mixin
        LaunchOptions launch;

        @Option(names = "--max-concurrent", paramLabel = "N", description = "At most N of its runs at once.")
        Integer maxConcurrent;

        @Option(names = "--partitions-per-run", paramLabel = "N", description = "Partitions in each run.")
        Integer partitionsPerRun;

        @Option(names = "--single-run", description = "One run for the whole range.")
        boolean singleRun;

        @Option(names = "--failed-and-missing-only", description = "Only the partitions not materialized yet.")
        boolean failedAndMissingOnly;

        @Override
        public Integer call() throws InterruptedException {
            ObjectNode body = launch.body();
            if (maxConcurrent != null) {
                body.put("maxConcurrent", maxConcurrent);
            }
            if (partitionsPerRun != null) {
                body.put("partitionsPerRun", partitionsPerRun);
            }
            if (singleRun) {
                body.put("singleRun", true);
            }
            if (failedAndMissingOnly) {
                body.put("failedAndMissingOnly", true);
            }
            Api api = api();
            JsonNode backfill = api.post("/api/backfills", body).path("backfill");
            out().println("launched backfill " + backfill.path("id").asText() + ": "
                    + backfill.path("partitionCount").asText() + " partitions in "
                    + backfill.path("runCount").asText()
                    + " runs");
            return watch ? follow(api, backfill) : 0;
        }
    }

    @Command(name = "list", description = "The latest backfills, newest first.")
    static final class ListAll extends Connected {
        @Mixin
        OutputOption output;

        @Option(names = "--limit", defaultValue = "20", description = "At most this many (default ${DEFAULT-VALUE}).")
        int limit;

        @Override
        public Integer call() {
            JsonNode all = api().get("/api/backfills?limit=" + limit);
            if (output.printed(out(), all)) {
                return 0;
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode b : all) {
                JsonNode parts = b.path("progress").path("partitions");
                rows.add(List.of(
                        b.path("id").asText(),
                        b.path("status").asText(),
                        RunsCommand.join(b.path("assets")),
                        parts.path("succeeded").asText("0") + "/"
                                + b.path("partitionCount").asText(),
                        parts.path("failed").asText("0"),
                        b.path("createdAt").asText("")));
            }
            Table.print(out(), List.of("ID", "STATUS", "ASSETS", "DONE", "FAILED", "CREATED"), rows);
            return 0;
        }
    }

    @Command(name = "status", description = "A backfill's progress; --watch follows it to its end.")
    static final class Status extends Watching {
        @Parameters(paramLabel = "BACKFILL", description = "The backfill's id.")
        String id;

        @Mixin
        OutputOption output;

        @Override
        public Integer call() throws InterruptedException {
            Api api = api();
            JsonNode backfill = api.get(path(id));
            if (watch) {
                return follow(api, backfill);
            }
            out().println(output.json() ? backfill.toPrettyString() : BackfillProgressLine.words(backfill));
            return 0;
        }
    }

    /** Pause, resume, cancel: one POST with an optional reason. */
    abstract static class Steer extends Connected {
        @Parameters(paramLabel = "BACKFILL", description = "The backfill's id.")
        String id;

        @Option(names = "--reason", paramLabel = "TEXT", description = "Why, as the audit log keeps it.")
        String reason;

        abstract String verb();

        @Override
        public Integer call() {
            ObjectNode body = withReason(reason);
            JsonNode b = api().post(path(id) + "/" + verb(), body);
            out().println("backfill " + b.path("id").asText(id) + " "
                    + b.path("status").asText());
            return 0;
        }
    }

    @Command(name = "pause", description = "Stop launching its runs; those running finish.")
    static final class Pause extends Steer {
        @Override
        String verb() {
            return "pause";
        }
    }

    @Command(name = "resume", description = "Launch its runs again.")
    static final class Resume extends Steer {
        @Override
        String verb() {
            return "resume";
        }
    }

    @Command(name = "cancel", description = "Cancel its queued and running runs.")
    static final class Cancel extends Steer {
        @Override
        String verb() {
            return "cancel";
        }
    }

    @Command(name = "retry-failed", description = "A new backfill of the partitions that failed.")
    static final class RetryFailed extends Watching {
        @Parameters(paramLabel = "BACKFILL", description = "The backfill's id.")
        String id;

        @Option(names = "--reason", paramLabel = "TEXT", description = "Why, as the audit log keeps it.")
        String reason;

        @Override
        public Integer call() throws InterruptedException {
            ObjectNode body = withReason(reason);
            Api api = api();
            JsonNode retry = api.post(path(id) + "/retry-failed", body).path("backfill");
            out().println("launched backfill " + retry.path("id").asText() + " retrying " + id);
            return watch ? follow(api, retry) : 0;
        }
    }
}
