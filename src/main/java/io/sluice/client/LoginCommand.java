package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * {@code sluice login}: checks a personal token against the server ({@code GET /api/me}) and stores the server and the
 * token in the config file, readable by its owner only. The token comes from {@code --token}, else from the terminal
 * (not echoed), else from the first line of standard input ({@code sluice login < token.txt}).
 */
@Command(
        name = "login",
        description = "Store the server and a personal token (make one on the Tokens page or with POST /api/tokens).")
final class LoginCommand extends Connected {

    @Override
    public Integer call() {
        ClientConfig config = config();
        String secret = token != null ? token : read();
        Api api = new Api(
                config.server(),
                secret.isBlank() ? Optional.empty() : Optional.of(secret.strip()),
                Duration.ofSeconds(Math.max(1, timeoutSeconds)));
        JsonNode me = api.get("/api/me");
        config.store(config.server(), secret.strip());
        out().println("Logged in to " + config.server() + " as " + WhoamiCommand.describe(me) + "; stored in "
                + config.file());
        return 0;
    }

    private static String read() {
        Console console = System.console();
        if (console != null) {
            char[] typed = console.readPassword("Personal token: ");
            return typed == null ? "" : new String(typed);
        }
        try {
            String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            return line == null ? "" : line;
        } catch (IOException e) {
            throw new CliFailure(CliFailure.USAGE, "cannot read the token from standard input: " + e.getMessage());
        }
    }
}
