package io.sluice.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice materialize}: launches a run ({@code POST /api/runs}), or with {@code --wait} launches it and waits for
 * its end: exit 0 when it succeeded, 1 when it failed or was canceled.
 */
@Command(name = "materialize", description = "Launch a run of one or more assets; --wait waits for its end.")
final class MaterializeCommand extends Connected {

    private static final Set<String> ENDED = Set.of("SUCCESS", "FAILURE", "CANCELED", "SKIPPED");

    @Parameters(paramLabel = "ASSET", arity = "1..*", description = "The assets' keys, like group/name.")
    List<String> assets;

    static final class Which {
        @Option(names = "--full-refresh", description = "Process every key (FULL_REFRESH), not only new ones.")
        boolean fullRefresh;

        @Option(
                names = "--key",
                paramLabel = "K",
                arity = "1..*",
                description = "Process these keys only (SINGLE_KEY).")
        List<String> keys;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Which which;

    static final class Range {
        @Option(names = "--from", required = true, paramLabel = "P", description = "The first partition.")
        String from;

        @Option(names = "--to", required = true, paramLabel = "P", description = "The last partition, included.")
        String to;
    }

    static final class Partitions {
        @Option(names = "--partition", paramLabel = "P", arity = "1..*", description = "Partitions, one by one.")
        List<String> partitions;

        @ArgGroup(exclusive = false)
        Range range;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Partitions partitions;

    static final class Config {
        @Option(names = "--config-json", paramLabel = "JSON", description = "The run config, as a JSON object.")
        String json;

        @Option(names = "--config-file", paramLabel = "FILE", description = "The run config, from a JSON file.")
        Path file;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Config config;

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why, as the audit log keeps it.")
    String reason;

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
        JsonNode run = api.post("/api/runs", body());
        String id = run.path("id").asText();
        out().println("launched run " + id + " (" + run.path("mode").asText() + " of "
                + RunsCommand.join(run.path("assets"))
                + ")");
        if (!await) {
            return 0;
        }
        long pause = Math.max(100, (long) (poll * 1000));
        String status = run.path("status").asText();
        while (!ENDED.contains(status)) {
            Thread.sleep(pause);
            run = api.get("/api/runs/" + id);
            status = run.path("status").asText();
        }
        out().println("run " + id + " " + status
                + (run.hasNonNull("error") ? ": " + run.path("error").asText() : ""));
        return status.equals("SUCCESS") ? 0 : CliFailure.FAILED;
    }

    ObjectNode body() {
        ObjectNode body = Api.JSON.createObjectNode();
        ArrayNode list = body.putArray("assets");
        assets.forEach(list::add);
        if (which != null && which.fullRefresh) {
            body.put("mode", "FULL_REFRESH");
        } else if (which != null && which.keys != null) {
            body.put("mode", "SINGLE_KEY");
            which.keys.forEach(body.putArray("keys")::add);
        }
        if (partitions != null && partitions.partitions != null) {
            partitions.partitions.forEach(body.putArray("partitions")::add);
        } else if (partitions != null && partitions.range != null) {
            body.putArray("ranges")
                    .addObject()
                    .put("start", partitions.range.from)
                    .put("end", partitions.range.to);
        }
        if (config != null) {
            body.set("config", runConfig());
        }
        if (reason != null) {
            body.put("reason", reason);
        }
        return body;
    }

    private JsonNode runConfig() {
        String text;
        String from;
        if (config.file != null) {
            from = config.file.toString();
            try {
                text = Files.readString(config.file);
            } catch (IOException e) {
                throw new CliFailure(CliFailure.USAGE, "cannot read the config file " + from + ": " + e.getMessage());
            }
        } else {
            from = "--config-json";
            text = config.json;
        }
        JsonNode parsed;
        try {
            parsed = Api.JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new CliFailure(CliFailure.USAGE, from + " is not JSON: " + Api.oneLine(e.getOriginalMessage()));
        }
        if (parsed == null || !parsed.isObject()) {
            throw new CliFailure(CliFailure.USAGE, from + " must be a JSON object, like {\"rows\": 5}");
        }
        return parsed;
    }
}
