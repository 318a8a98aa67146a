package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** {@code -o table|json}, the output option of every read command. */
final class OutputOption {

    /** The output formats. */
    enum Format {
        table,
        json
    }

    @Option(
            names = {"-o", "--output"},
            defaultValue = "table",
            description = "table (aligned columns) or json (the API's answer, for scripts).")
    Format format;

    boolean json() {
        return format == Format.json;
    }

    /** With {@code -o json}, prints {@code answer} as the API gave it and says so; otherwise prints nothing. */
    boolean printed(PrintWriter out, JsonNode answer) {
        if (json()) {
            out.println(answer.toPrettyString());
        }
        return json();
    }
}
