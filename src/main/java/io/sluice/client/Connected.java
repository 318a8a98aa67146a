package io.sluice.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** A command that talks to a server: the connection options every such command takes, and its output. */
abstract class Connected implements java.util.concurrent.Callable<Integer> {

    Map<String, String> env = System.getenv();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--server",
            paramLabel = "URL",
            description = "The Sluice server (default: SLUICE_URL, the config file, http://localhost:8080).")
    String server;

    @Option(
            names = "--token",
            paramLabel = "TOKEN",
            description = "A personal token (default: SLUICE_TOKEN, then the config file sluice login wrote).")
    String token;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "30",
            description = "How long to wait for the server (default: ${DEFAULT-VALUE} s).")
    int timeoutSeconds;

    ClientConfig config() {
        return ClientConfig.resolve(server, token, env);
    }

    Api api() {
        if (timeoutSeconds < 1) {
            throw new CliFailure(CliFailure.USAGE, "--timeout must be at least 1 second");
        }
        ClientConfig c = config();
        return new Api(c.server(), c.token(), Duration.ofSeconds(timeoutSeconds));
    }

    /** A body with the reason, when one was given: what cancels, pauses, switches and retries send. */
    static ObjectNode withReason(String reason) {
        ObjectNode body = Api.JSON.createObjectNode();
        if (reason != null) {
            body.put("reason", reason);
        }
        return body;
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
