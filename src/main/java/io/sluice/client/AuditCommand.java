package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code sluice audit}: the audit trail, newest first ({@code GET /api/audit}, filtered as the audit page filters it),
 * read page by page through the answer's {@code Link} header up to {@code --limit} events; as columns, as the API's
 * JSON, or as RFC 4180 CSV with a header line.
 */
@Command(name = "audit", description = "The audit trail, newest first: who did what, when and why.")
final class AuditCommand extends Connected {

    /** How many events to ask for a page: the most the API answers (the tests ask for less, to read several pages). */
    static int pageSize = 500;

    static final List<String> CSV_HEADER =
            List.of("id", "ts", "actor", "action", "run", "backfill", "assets", "reason", "detail");

    @Option(names = "--action", paramLabel = "A", description = "Only events of this action, like RUN_LAUNCHED.")
    String action;

    @Option(names = "--actor", paramLabel = "NAME", description = "Only events by this actor.")
    String actor;

    @Option(names = "--asset", paramLabel = "A", description = "Only events about this asset (group/name).")
    String asset;

    @Option(names = "--backfill", paramLabel = "ID", description = "Only events about this backfill.")
    String backfill;

    @Option(names = "--run", paramLabel = "ID", description = "Only events about this run.")
    String run;

    @Option(
            names = "--since",
            paramLabel = "T",
            description = "Only events at or after this time (2025-01-01T00:00:00Z, or a day: 2025-01-01).")
    String since;

    @Option(
            names = "--until",
            paramLabel = "T",
            description = "Only events before this time, or before the end of a day given as 2025-01-31.")
    String until;

    @Option(
            names = "--limit",
            defaultValue = "200",
            paramLabel = "N",
            description = "At most this many events, read page by page (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--csv", description = "RFC 4180 CSV with a header line, for a spreadsheet.")
    boolean csv;

    @Mixin
    OutputOption output;

    @Override
    public Integer call() {
        if (limit < 1) {
            throw new CliFailure(CliFailure.USAGE, "--limit must be at least 1");
        }
        if (csv && output.json()) {
            throw new CliFailure(CliFailure.USAGE, "choose --csv or -o json, not both");
        }
        StringBuilder first = new StringBuilder("/api/audit?limit=").append(Math.min(limit, pageSize));
        RunsCommand.query(first, "action", action);
        RunsCommand.query(first, "actor", actor);
        RunsCommand.query(first, "asset", asset);
        RunsCommand.query(first, "backfill", backfill);
        RunsCommand.query(first, "run", run);
        RunsCommand.query(first, "from", since);
        RunsCommand.query(first, "to", until);
        Api api = api();
        ArrayNode events = Api.JSON.createArrayNode();
        Optional<String> next = Optional.of(first.toString());
        while (next.isPresent() && events.size() < limit) {
            Api.Page page = api.page(next.get());
            for (JsonNode e : page.items()) {
                if (events.size() < limit) {
                    events.add(e);
                }
            }
            next = page.items().isEmpty() ? Optional.empty() : page.next();
        }
        if (output.printed(out(), events)) {
            return 0;
        }
        if (csv) {
            csv(out(), events);
            return 0;
        }
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode e : events) {
            rows.add(List.of(
                    e.path("ts").asText(),
                    e.path("actor").asText(""),
                    e.path("action").asText(),
                    target(e),
                    e.path("assets").asText(""),
                    e.path("reason").asText("")));
        }
        Table.print(out(), List.of("TIME", "ACTOR", "ACTION", "TARGET", "ASSETS", "REASON"), rows);
        return 0;
    }

    private static String target(JsonNode e) {
        if (e.hasNonNull("runId")) {
            return "run " + e.path("runId").asText();
        }
        if (e.hasNonNull("backfillId")) {
            return "backfill " + e.path("backfillId").asText();
        }
        return "";
    }

    /** The events as RFC 4180 CSV: a header line, CRLF line ends, fields quoted when they hold a comma, quote or line end. */
    static void csv(PrintWriter out, JsonNode events) {
        line(out, CSV_HEADER);
        for (JsonNode e : events) {
            JsonNode detail = e.path("detail");
            line(
                    out,
                    List.of(
                            e.path("id").asText(""),
                            e.path("ts").asText(""),
                            e.path("actor").asText(""),
                            e.path("action").asText(""),
                            e.path("runId").asText(""),
                            e.path("backfillId").asText(""),
                            e.path("assets").asText(""),
                            e.path("reason").asText(""),
                            detail.isMissingNode() || detail.isNull() || detail.isEmpty() ? "" : detail.toString()));
        }
        out.flush();
    }

    private static void line(PrintWriter out, List<String> fields) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(field(fields.get(i)));
        }
        out.print(b.append("\r\n"));
    }

    static String field(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
