package io.sluice.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What a run or a backfill materializes, as {@code materialize} and {@code backfill create} take it: the assets, which
 * keys (all new ones, every one, or some), which partitions, the run config and the reason; the same body fields on
 * {@code POST /api/runs} and {@code POST /api/backfills}.
 */
final class LaunchOptions {

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

    /** The launch's body. */
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
