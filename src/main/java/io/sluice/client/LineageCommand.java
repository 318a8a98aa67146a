package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice lineage ASSET}: what the asset reads (upstream) and what reads it (downstream), as trees. From the
 * catalog of the API ({@code GET /api/assets}: each asset with its upstream assets and last run), the asset itself
 * checked first ({@code GET /api/assets/{key}}), so that an unknown one is the server's 404 in one line.
 */
@Command(name = "lineage", description = "An asset's upstream and downstream assets, as trees.")
final class LineageCommand extends Connected {

    @Parameters(paramLabel = "ASSET", description = "The asset's key, like group/name.")
    String asset;

    @Option(names = "--upstream", paramLabel = "N", description = "Levels of upstream to show (default: all; 0: none).")
    Integer upstream;

    @Option(
            names = "--downstream",
            paramLabel = "N",
            description = "Levels of downstream to show (default: all; 0: none).")
    Integer downstream;

    @Mixin
    OutputOption output;

    /** One direction of the graph: each asset's neighbours that way. */
    private record Side(String name, Map<String, List<String>> next) {}

    @Override
    public Integer call() {
        int ups = levels("--upstream", upstream);
        int downs = levels("--downstream", downstream);
        Api api = api();
        String key = api.get(AssetsCommand.path(asset)).path("key").asText(asset);
        Map<String, String> status = new HashMap<>();
        Map<String, List<String>> up = new HashMap<>();
        Map<String, List<String>> down = new HashMap<>();
        for (JsonNode a : api.get("/api/assets")) {
            String k = a.path("key").asText();
            status.put(k, a.path("lastRun").path("status").asText("never run"));
            List<String> reads = new ArrayList<>(new TreeSet<>(strings(a.path("upstream"))));
            up.put(k, reads);
            for (String u : reads) {
                down.computeIfAbsent(u, x -> new ArrayList<>()).add(k);
            }
        }
        down.values().forEach(l -> l.sort(null));
        Side upSide = new Side("upstream", up);
        Side downSide = new Side("downstream", down);
        if (output.json()) {
            ObjectNode answer = Api.JSON.createObjectNode().put("asset", key).put("status", status.get(key));
            answer.set("upstream", flat(upSide, key, ups, status));
            answer.set("downstream", flat(downSide, key, downs, status));
            out().println(answer.toPrettyString());
            return 0;
        }
        out().println(key + "  " + status.getOrDefault(key, "never run"));
        tree(upSide, key, ups, status);
        tree(downSide, key, downs, status);
        return 0;
    }

    private static int levels(String option, Integer given) {
        if (given == null) {
            return Integer.MAX_VALUE;
        }
        if (given < 0) {
            throw new CliFailure(CliFailure.USAGE, option + " must be 0 or more levels, not " + given);
        }
        return given;
    }

    /** The side as an indented tree; an asset met again shows no second subtree. */
    private void tree(Side side, String root, int depth, Map<String, String> status) {
        if (depth == 0) {
            return;
        }
        List<String> first = side.next().getOrDefault(root, List.of());
        out().println(side.name() + (first.isEmpty() ? ": none" : ":"));
        Set<String> shown = new HashSet<>();
        for (int i = 0; i < first.size(); i++) {
            branch(side, first.get(i), "", i == first.size() - 1, 1, depth, status, shown);
        }
    }

    private void branch(
            Side side,
            String key,
            String indent,
            boolean last,
            int level,
            int depth,
            Map<String, String> status,
            Set<String> shown) {
        List<String> next = side.next().getOrDefault(key, List.of());
        boolean again = !shown.add(key) && !next.isEmpty();
        boolean cut = level == depth && !next.isEmpty();
        out().println(indent + (last ? "\\-- " : "+-- ") + key + "  " + status.getOrDefault(key, "never run")
                + (again ? "  (" + side.name() + " shown above)" : cut ? "  (" + side.name() + " not shown)" : ""));
        if (again || cut) {
            return;
        }
        String deeper = indent + (last ? "    " : "|   ");
        for (int i = 0; i < next.size(); i++) {
            branch(side, next.get(i), deeper, i == next.size() - 1, level + 1, depth, status, shown);
        }
    }

    /** The side for scripts: each asset within reach once, nearest first, with its distance and its next assets. */
    private static ArrayNode flat(Side side, String root, int depth, Map<String, String> status) {
        Map<String, Integer> distance = new LinkedHashMap<>();
        Deque<String> todo = new ArrayDeque<>(List.of(root));
        distance.put(root, 0);
        while (!todo.isEmpty()) {
            String k = todo.poll();
            int d = distance.get(k);
            if (d == depth) {
                continue;
            }
            for (String n : side.next().getOrDefault(k, List.of())) {
                if (!distance.containsKey(n)) {
                    distance.put(n, d + 1);
                    todo.add(n);
                }
            }
        }
        ArrayNode list = Api.JSON.createArrayNode();
        distance.forEach((k, d) -> {
            if (d > 0) {
                ObjectNode item = list.addObject()
                        .put("asset", k)
                        .put("depth", d)
                        .put("status", status.getOrDefault(k, "never run"));
                ArrayNode next = item.putArray(side.name());
                side.next().getOrDefault(k, List.of()).forEach(next::add);
            }
        });
        return list;
    }

    private static List<String> strings(JsonNode values) {
        List<String> all = new ArrayList<>();
        values.forEach(v -> all.add(v.asText()));
        return all;
    }
}
