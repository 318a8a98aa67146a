package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code sluice materialize}: launches a run ({@code POST /api/runs}), or with {@code --wait} launches it and waits for
 * its end: exit 0 when it succeeded, 1 when it failed or was canceled.
 */
@Command(name = "materialize", description = "Launch a run of one or more assets; --wait waits for its end.")
final class MaterializeCommand extends Connected {

    @Mixin
    LaunchOptions launch;

    @Option(names = "--wait", description = "Wait for the run's end; exit 1 when it did not succeed.")
    boolean await;

    @Option(
            names = "--poll",
            paramLabel = "SECONDS",
            defaultValue = "1",
            description = "With --wait, how often to ask (default ${DEFAULT-VALUE} s).")
    double poll;

    @Override
    public Integer call() throws InterruptedException {
        Api api = api();
        JsonNode run = api.post("/api/runs", launch.body());
        String id = run.path("id").asText();
        out().println("launched run " + id + " (" + run.path("mode").asText() + " of "
                + RunsCommand.join(run.path("assets"))
                + ")");
        if (!await) {
            return 0;
        }
        return awaitEnd(api, run, poll, out());
    }

    /** Polls {@code run} to its end and says how it ended: exit 0 when it succeeded, 1 when it did not. */
    static int awaitEnd(Api api, JsonNode run, double poll, java.io.PrintWriter out) throws InterruptedException {
        String id = run.path("id").asText();
        long pause = Math.max(100, (long) (poll * 1000));
        String status = run.path("status").asText();
        while (!RunsCommand.ENDED.contains(status)) {
            Thread.sleep(pause);
            run = api.get(RunsCommand.runPath(id));
            status = run.path("status").asText();
        }
        out.println("run " + id + " " + status
                + (run.hasNonNull("error") ? ": " + run.path("error").asText() : ""));
        return status.equals("SUCCESS") ? 0 : CliFailure.FAILED;
    }
}
