package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code sluice assets}: the catalog. */
@Command(
        name = "assets",
        description = "List and show the catalog's assets.",
        subcommands = {AssetsCommand.ListAssets.class, AssetsCommand.ShowAsset.class})
final class AssetsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose list or show");
    }

    /** {@code /api/assets/group/name}: each part of the key encoded, the slash kept. */
    static String path(String asset) {
        List<String> parts = new ArrayList<>();
        for (String part : asset.split("/", -1)) {
            parts.add(URLEncoder.encode(part, StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return "/api/assets/" + String.join("/", parts);
    }

    @Command(name = "list", description = "Every asset: its group, partitions, table and last run.")
    static final class ListAssets extends Connected {

        @Mixin
        OutputOption output;

        @Override
        public Integer call() {
            JsonNode assets = api().get("/api/assets");
            if (output.printed(out(), assets)) {
                return 0;
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode a : assets) {
                rows.add(List.of(
                        a.path("key").asText(),
                        a.path("partitions").path("type").asText("-"),
                        a.path("table").path("name").asText("-"),
                        a.path("table").path("writeMode").asText("-"),
                        a.path("lastRun").path("status").asText("-")));
            }
            Table.print(out(), List.of("ASSET", "PARTITIONS", "TABLE", "WRITE MODE", "LAST RUN"), rows);
            return 0;
        }
    }

    @Command(name = "show", description = "One asset: description, lineage, table, last run and materialization.")
    static final class ShowAsset extends Connected {

        @Parameters(paramLabel = "ASSET", description = "The asset's key, like group/name.")
        String asset;

        @Mixin
        OutputOption output;

        @Override
        public Integer call() {
            JsonNode a = api().get(path(asset));
            if (output.printed(out(), a)) {
                return 0;
            }
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("asset", a.path("key").asText()));
            rows.add(List.of("description", a.path("description").asText("")));
            rows.add(List.of(
                    "partitions", a.path("partitions").path("description").asText("none")));
            rows.add(List.of("keyed", a.path("keyed").asText()));
            rows.add(List.of("upstream", RunsCommand.join(a.path("upstream"))));
            rows.add(List.of("downstream", RunsCommand.join(a.path("downstream"))));
            rows.add(List.of(
                    "table",
                    a.path("table").isMissingNode()
                            ? "none"
                            : a.path("table").path("name").asText() + " ("
                                    + a.path("table").path("writeMode").asText() + ")"));
            rows.add(List.of(
                    "last run",
                    a.path("lastRun").isMissingNode()
                            ? "none"
                            : a.path("lastRun").path("id").asText() + " "
                                    + a.path("lastRun").path("status").asText()));
            Table.print(out(), List.of("FIELD", "VALUE"), rows);
            return 0;
        }
    }
}
