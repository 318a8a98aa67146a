package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code sluice schedules} and {@code sluice sensors}: list, start, stop, and their ticks; the same for both. */
final class AutomationCommands {

    private AutomationCommands() {}

    /** Schedules or sensors: where the API serves them, and what says how often they tick. */
    interface Kind {
        String path();

        String cadence(JsonNode item);
    }

    @Command(
            name = "schedules",
            description = "List, start and stop schedules, and read their ticks.",
            subcommands = {ListAll.class, Start.class, Stop.class, Ticks.class})
    static final class Schedules implements Kind, Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public String path() {
            return "/api/schedules";
        }

        @Override
        public String cadence(JsonNode item) {
            return item.path("cron").asText() + " " + item.path("zone").asText();
        }

        @Override
        public void run() {
            throw new CommandLine.ParameterException(spec.commandLine(), "choose list, start, stop or ticks");
        }
    }

    @Command(
            name = "sensors",
            description = "List, start and stop sensors, and read their ticks.",
            subcommands = {ListAll.class, Start.class, Stop.class, Ticks.class})
    static final class Sensors implements Kind, Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public String path() {
            return "/api/sensors";
        }

        @Override
        public String cadence(JsonNode item) {
            return "every " + item.path("intervalSeconds").asText() + " s";
        }

        @Override
        public void run() {
            throw new CommandLine.ParameterException(spec.commandLine(), "choose list, start, stop or ticks");
        }
    }

    static String named(Kind kind, String name) {
        return kind.path() + "/" + URLEncoder.encode(name, StandardCharsets.UTF_8);
    }

    @Command(name = "list", description = "Each one with its status, how often it ticks, and its last tick.")
    static final class ListAll extends Connected {
        @ParentCommand
        Kind kind;

        @Mixin
        OutputOption output;

        @Override
        public Integer call() {
            JsonNode all = api().get(kind.path());
            if (output.printed(out(), all)) {
                return 0;
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode a : all) {
                JsonNode last = a.path("lastTick");
                rows.add(List.of(
                        a.path("name").asText(),
                        a.path("status").asText(),
                        kind.cadence(a),
                        last.isMissingNode() || last.isNull()
                                ? "-"
                                : last.path("tick").asText() + " "
                                        + last.path("outcome").asText()));
            }
            Table.print(out(), List.of("NAME", "STATUS", "TICKS", "LAST TICK"), rows);
            return 0;
        }
    }

    /** Start or stop: the switch, audited with the caller and the reason. */
    abstract static class Switch extends Connected {
        @ParentCommand
        Kind kind;

        @Parameters(paramLabel = "NAME", description = "Its name, as declared.")
        String name;

        @Option(names = "--reason", paramLabel = "TEXT", description = "Why, as the audit log keeps it.")
        String reason;

        abstract String verb();

        @Override
        public Integer call() {
            ObjectNode body = withReason(reason);
            JsonNode after = api().post(named(kind, name) + "/" + verb(), body);
            out().println(after.path("name").asText(name) + " "
                    + after.path("status").asText());
            return 0;
        }
    }

    @Command(name = "start", description = "Start it: it ticks from now on, on every node.")
    static final class Start extends Switch {
        @Override
        String verb() {
            return "start";
        }
    }

    @Command(name = "stop", description = "Stop it: no more ticks until it is started again.")
    static final class Stop extends Switch {
        @Override
        String verb() {
            return "stop";
        }
    }

    @Command(name = "ticks", description = "Its ticks, newest first: what each launched, skipped or failed with.")
    static final class Ticks extends Connected {
        @ParentCommand
        Kind kind;

        @Parameters(paramLabel = "NAME", description = "Its name, as declared.")
        String name;

        @Option(names = "--limit", defaultValue = "20", description = "At most this many (default ${DEFAULT-VALUE}).")
        int limit;

        @Mixin
        OutputOption output;

        @Override
        public Integer call() {
            JsonNode ticks = api().get(named(kind, name) + "/ticks?limit=" + limit);
            if (output.printed(out(), ticks)) {
                return 0;
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode t : ticks) {
                rows.add(List.of(
                        t.path("tick").asText(),
                        t.path("outcome").asText(),
                        RunsCommand.join(t.path("runIds")),
                        t.path("detail").asText("")));
            }
            Table.print(out(), List.of("TICK", "OUTCOME", "RUNS", "DETAIL"), rows);
            return 0;
        }
    }
}
