package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;

/**
 * Where the CLI finds its server and token: a flag, else an environment variable ({@code SLUICE_URL},
 * {@code SLUICE_TOKEN}), else the config file {@code sluice login} wrote ({@code $XDG_CONFIG_HOME/sluice/config.json},
 * by default {@code ~/.config/sluice/config.json}, readable by its owner only), else {@code http://localhost:8080}
 * without a token.
 */
record ClientConfig(URI server, Optional<String> token, Path file) {

    static final String DEFAULT_SERVER = "http://localhost:8080";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The config file's place for this environment. */
    static Path file(Map<String, String> env) {
        String xdg = env.get("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank()
                ? Path.of(xdg)
                : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".config");
        return base.resolve("sluice").resolve("config.json");
    }

    /** The settings from the flags (null when not given), the environment and the config file. */
    static ClientConfig resolve(String serverFlag, String tokenFlag, Map<String, String> env) {
        Path file = file(env);
        JsonNode stored = read(file);
        String server = first(serverFlag, env.get("SLUICE_URL"), text(stored, "server"), DEFAULT_SERVER);
        String token = first(tokenFlag, env.get("SLUICE_TOKEN"), text(stored, "token"), null);
        return new ClientConfig(server(server), Optional.ofNullable(token), file);
    }

    static URI server(String text) {
        String s = text.strip();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        URI uri;
        try {
            uri = URI.create(s);
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null
                || uri.getHost() == null
                || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
            throw new CliFailure(
                    CliFailure.USAGE, "the server " + text + " is not an http(s) URL such as " + DEFAULT_SERVER);
        }
        return uri;
    }

    /** Stores the server and token in the config file, readable and writable by its owner only. */
    void store(URI server, String token) {
        ObjectNode node =
                JSON.createObjectNode().put("server", server.toString()).put("token", token);
        try {
            Files.createDirectories(file.getParent());
            Path temp = file.resolveSibling("config.json.new");
            Files.deleteIfExists(temp);
            try {
                Files.createFile(
                        temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(temp);
            } catch (FileAlreadyExistsException raced) {
                throw new CliFailure(CliFailure.USAGE, "another sluice login is writing " + file + "; try again");
            }
            Files.writeString(temp, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n");
            Files.move(
                    temp,
                    file,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new CliFailure(CliFailure.USAGE, "cannot write " + file + ": " + e.getMessage());
        }
    }

    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new CliFailure(
                    CliFailure.USAGE,
                    file + " is not a config file sluice login wrote (" + e.getMessage()
                            + "); remove it and log in again");
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || !v.isTextual() || v.asText().isBlank() ? null : v.asText();
    }

    private static String first(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }
}
