package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code sluice preview}: what {@code materialize} with the same arguments would run, without running it ({@code POST
 * /api/runs/preview}, the launchpad's dry run): the assets in order, mode, keys, partitions and what they read upstream
 * that is not materialized. Refused as the launch would be; nothing is stored.
 */
@Command(name = "preview", description = "What materialize with the same arguments would run; nothing is launched.")
final class PreviewCommand extends Connected {

    @Mixin
    LaunchOptions launch;

    @Mixin
    OutputOption output;

    @Override
    public Integer call() {
        JsonNode p = api().post("/api/runs/preview", launch.body());
        if (output.printed(out(), p)) {
            return 0;
        }
        long partitions = p.path("partitionCount").asLong();
        out().println("would launch " + p.path("runCount").asInt(1) + " run ("
                + p.path("mode").asText() + ") of "
                + p.path("assets").size() + " asset" + (p.path("assets").size() == 1 ? "" : "s")
                + (partitions > 0 ? " over " + partitions + " partition" + (partitions == 1 ? "" : "s") : ""));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("assets, in order", RunsCommand.join(p.path("assets"))));
        rows.add(List.of("mode", p.path("mode").asText()));
        if (!p.path("keys").isEmpty()) {
            rows.add(List.of("keys (" + p.path("keys").size() + ")", RunsCommand.join(p.path("keys"))));
        }
        rows.add(List.of(
                "partitions (" + partitions + ")",
                p.path("partitions").isEmpty() ? "none" : RunsCommand.join(p.path("partitions"))));
        JsonNode config = p.path("config");
        config.fieldNames().forEachRemaining(asset -> {
            JsonNode c = config.get(asset);
            if (c != null && !c.isEmpty()) {
                rows.add(List.of("config of " + asset, c.toString()));
            }
        });
        Table.print(out(), List.of("WHAT", "VALUE"), rows);
        JsonNode gaps = p.path("upstream");
        if (!gaps.isEmpty()) {
            out().println("warning: upstream not materialized, so these steps would fail:");
            List<List<String>> missing = new ArrayList<>();
            for (JsonNode g : gaps) {
                missing.add(List.of(
                        g.path("asset").asText(),
                        g.path("upstream").asText(),
                        g.path("what").asText(""),
                        g.path("missingCount").asText("")));
            }
            Table.print(out(), List.of("ASSET", "READS", "WHAT", "MISSING"), missing);
        }
        return 0;
    }
}
