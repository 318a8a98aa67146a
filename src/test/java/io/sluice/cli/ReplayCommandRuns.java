package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@code sluice lake replay} in-process into a temporary directory and reads what it leaves there. */
abstract class ReplayCommandRuns {

    @TempDir
    Path dir;

    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    final int cli(Path file, String... options) {
        List<String> args = new ArrayList<>(List.of("lake", "replay", file.toString()));
        args.addAll(List.of(options));
        return SluiceCli.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
    }

    final void assertBadInput(int code, String message) {
        assertThat(code).isEqualTo(2);
        List<String> lines = err.toString().lines().toList();
        assertThat(lines).isNotEmpty();
        assertThat(lines.get(0)).startsWith("sluice: ").contains(message);
        assertThat(err.toString()).doesNotContain("\tat ", "Exception");
        err.getBuffer().setLength(0);
    }

    final int replay(String example) throws URISyntaxException {
        return run(Path.of(resource(example)));
    }

    final int run(Path file) {
        return SluiceCli.run(
                new String[] {
                    "lake",
                    "replay",
                    file.toString(),
                    "--out",
                    dir.resolve("t.csv").toString(),
                    "--probes",
                    dir.resolve("p.jsonl").toString()
                },
                new PrintWriter(out),
                new PrintWriter(err));
    }

    final int runTo(Path file, Path csv) {
        return SluiceCli.run(
                new String[] {"lake", "replay", file.toString(), "--out", csv.toString()},
                new PrintWriter(out),
                new PrintWriter(err));
    }

    final URI resource(String example) throws URISyntaxException {
        return getClass().getResource("/replay/" + example).toURI();
    }

    final Path write(String json) throws Exception {
        Path file = Files.createTempFile(dir, "replay", ".json");
        Files.writeString(file, json);
        return file;
    }

    final List<String> csv() throws Exception {
        return Files.readAllLines(dir.resolve("t.csv"));
    }

    final List<JsonNode> probes() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("p.jsonl"))) {
            nodes.add(json.readTree(line));
        }
        return nodes;
    }

    static List<String> column(JsonNode probe, String column) {
        List<String> values = new ArrayList<>();
        probe.get("rows").forEach(r -> values.add(r.get(column).asText()));
        return values;
    }
}
