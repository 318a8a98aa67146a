package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice rollback}: restores an asset's table (or one partition of it) to what it was after a run, just before a
 * run, or at a system time, as a run of its own ({@code POST /api/assets/{key}/rollback}); {@code --dry-run} shows what
 * a rollback of the whole table would change without changing anything ({@code GET /api/assets/{key}/rollback}). The
 * asset may be named by its table, as the lake lists it.
 */
@Command(
        name = "rollback",
        description = "Roll an asset's table back to a run, to before a run or to a time; --dry-run shows what would"
                + " change.")
final class RollbackCommand extends Connected {

    @Parameters(paramLabel = "ASSET|TABLE", description = "The asset's key (group/name), or the name of its table.")
    String target;

    static final class To {
        @Option(names = "--to-run", paramLabel = "RUN", description = "Back to the table as this run left it.")
        String run;

        @Option(
                names = "--before-run",
                paramLabel = "RUN",
                description = "Undo this run: back to the table just before its first write (and every later one).")
        String beforeRun;

        @Option(
                names = "--to-time",
                paramLabel = "TIME",
                description = "Back to the table as it was at this system time, like 2025-01-01T00:00:00Z.")
        String time;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    To to;

    @Option(names = "--partition", paramLabel = "P", description = "Only this partition of the table.")
    String partition;

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why, as the audit log keeps it (required).")
    String reason;

    @Option(
            names = "--dry-run",
            description = "Show what the rollback would change (whole table only), and change nothing.")
    boolean dryRun;

    @Option(names = "--wait", description = "Wait for the rollback run's end; exit 1 when it did not succeed.")
    boolean await;

    @Option(
            names = "--poll",
            paramLabel = "SECONDS",
            defaultValue = "1",
            description = "With --wait, how often to ask (default ${DEFAULT-VALUE} s).")
    double poll;

    @Mixin
    OutputOption output;

    @Override
    public Integer call() throws InterruptedException {
        if (dryRun && partition != null) {
            throw new CliFailure(
                    CliFailure.USAGE,
                    "--dry-run previews a rollback of the whole table only (the server has no preview of one"
                            + " partition); leave out --partition to preview");
        }
        if (!dryRun && (reason == null || reason.isBlank())) {
            throw new CliFailure(CliFailure.USAGE, "give --reason TEXT: a rollback is audited with why");
        }
        Api api = api();
        String asset = asset(api, target);
        String path = AssetsCommand.path(asset) + "/rollback";
        if (dryRun) {
            JsonNode p = api.get(path + "?" + field() + "=" + URLEncoder.encode(value(), StandardCharsets.UTF_8));
            if (!output.printed(out(), p)) {
                print(p);
            }
            if (p.hasNonNull("problem")) {
                throw new CliFailure(
                        CliFailure.USAGE,
                        "cannot roll back: " + p.path("problem").asText());
            }
            return 0;
        }
        ObjectNode body = Api.JSON.createObjectNode().put(field(), value()).put("reason", reason);
        if (partition != null) {
            body.put("partition", partition);
        }
        JsonNode run = api.post(path, body);
        if (output.printed(out(), run)) {
            return await ? MaterializeCommand.awaitEnd(api, run, poll, err()) : 0;
        }
        out().println("launched rollback run " + run.path("id").asText() + " of " + asset
                + (partition != null ? " partition " + partition : "") + " to "
                + run.path("rollbackTo").asText(field() + ":" + value()));
        return await ? MaterializeCommand.awaitEnd(api, run, poll, out()) : 0;
    }

    private java.io.PrintWriter err() {
        return spec.commandLine().getErr();
    }

    private String field() {
        return to.run != null ? "toRun" : to.beforeRun != null ? "beforeRun" : "toSystemTime";
    }

    private String value() {
        return to.run != null ? to.run : to.beforeRun != null ? to.beforeRun : to.time;
    }

    /**
     * The asset's key: an asset key (two or more segments) as it is, a table name (one segment) the key of the asset
     * that declares that table.
     */
    static String asset(Api api, String given) {
        if (given.contains("/")) {
            return given;
        }
        List<String> tables = new ArrayList<>();
        for (JsonNode a : api.get("/api/assets")) {
            String table = a.path("table").path("name").asText("");
            if (table.equals(given)) {
                return a.path("key").asText();
            }
            if (!table.isEmpty()) {
                tables.add(table);
            }
        }
        throw new CliFailure(
                CliFailure.USAGE,
                "no asset writes a table named '" + given + "' (give an asset key like group/name, or one of the "
                        + tables.size() + " tables sluice assets list shows)");
    }

    private void print(JsonNode p) {
        out().println("rollback of table " + p.path("table").asText() + " to "
                + p.path("rollbackTo").asText() + " (dry run: nothing is changed)");
        List<List<String>> rows = new ArrayList<>();
        JsonNode restored = p.path("restored");
        rows.add(List.of(
                "restores", restored.isMissingNode() || restored.isNull() ? "the empty table" : write(restored)));
        rows.add(List.of(
                "current rows",
                p.path("rowsNow").asText() + " now, " + p.path("rowsAfter").asText() + " after"));
        rows.add(List.of("writes undone", String.valueOf(p.path("undone").size())));
        rows.add(List.of(
                "writes brought back", String.valueOf(p.path("broughtBack").size())));
        if (p.hasNonNull("changedSince")) {
            rows.add(List.of("changed since", p.path("changedSince").asText()));
        }
        for (JsonNode w : p.path("watermarks")) {
            rows.add(List.of(
                    "watermark"
                            + (w.hasNonNull("partition")
                                    ? " of " + w.path("partition").asText()
                                    : ""),
                    w.path("value").asText("none")));
        }
        for (JsonNode d : p.path("downstream")) {
            rows.add(List.of(
                    "downstream " + d.path("asset").asText(),
                    (d.path("readChangedData").asBoolean() ? "read the changed data" : "did not read the changed data")
                            + (d.path("resetsIncrementalState").asBoolean()
                                    ? "; its incremental state is reset"
                                    : "")));
        }
        Table.print(out(), List.of("WHAT", "VALUE"), rows);
        for (JsonNode w : p.path("undone")) {
            out().println("undoes  " + write(w));
        }
        for (JsonNode w : p.path("broughtBack")) {
            out().println("brings back  " + write(w));
        }
    }

    private static String write(JsonNode w) {
        return "write " + w.path("writeId").asText() + " of run "
                + w.path("runId").asText()
                + (w.hasNonNull("partition")
                        ? " partition " + w.path("partition").asText()
                        : "") + " at "
                + w.path("writtenAt").asText() + " (+" + w.path("rowsInserted").asText() + " -"
                + w.path("rowsRemoved").asText() + " rows, "
                + w.path("currentRows").asText() + " current)";
    }
}
