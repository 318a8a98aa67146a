package io.sluice.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * The REST API of one Sluice server, as the CLI calls it: JSON in and out, the token as {@code Authorization: Bearer},
 * and every failure a {@link CliFailure} with one line and its exit code: unreachable or not authorised (3), a request
 * the server refused as invalid (2, its problem's detail), the server's own error (1).
 */
final class Api {

    static final ObjectMapper JSON = new ObjectMapper();

    private final URI server;
    private final Optional<String> token;
    private final Duration timeout;

    Api(URI server, Optional<String> token, Duration timeout) {
        this.server = server;
        this.token = token;
        this.timeout = timeout;
    }

    URI server() {
        return server;
    }

    JsonNode get(String path) {
        return send("GET", path, null).body();
    }

    /** One page of a list: its items, and the path of the next page when its {@code Link} header names one. */
    record Page(JsonNode items, Optional<String> next) {}

    /**
     * A page of a list, its next page read from the {@code Link} header ({@code <address>; rel="next"}): the address's
     * path and query, asked of this client's server (a proxy in front may make the server's own address another).
     */
    Page page(String path) {
        Answer a = send("GET", path, null);
        return new Page(a.body(), next(a.link()));
    }

    static Optional<String> next(String link) {
        if (link == null) {
            return Optional.empty();
        }
        for (String part : link.split(",")) {
            String p = part.strip();
            int end = p.indexOf('>');
            if (p.startsWith("<")
                    && end > 0
                    && p.substring(end).replace(" ", "").contains("rel=\"next\"")) {
                URI address = URI.create(p.substring(1, end));
                return Optional.of(
                        address.getRawPath() + (address.getRawQuery() == null ? "" : "?" + address.getRawQuery()));
            }
        }
        return Optional.empty();
    }

    JsonNode post(String path, JsonNode body) {
        return send("POST", path, body == null ? "{}" : body.toString()).body();
    }

    /** An answer's body and its {@code Link} header. */
    private record Answer(JsonNode body, String link) {}

    /**
     * One request. {@link HttpURLConnection}, not {@code java.net.http.HttpClient}: the latter sets up TLS when it is
     * built, a third of a second of the CLI's start even for an http:// server.
     */
    private Answer send(String method, String path, String body) {
        int status;
        String text;
        String link;
        try {
            HttpURLConnection c =
                    (HttpURLConnection) server.resolve(path).toURL().openConnection();
            c.setRequestMethod(method);
            c.setConnectTimeout((int) timeout.toMillis());
            c.setReadTimeout((int) timeout.toMillis());
            c.setInstanceFollowRedirects(false);
            c.setRequestProperty("Accept", "application/json");
            token.ifPresent(t -> c.setRequestProperty("Authorization", "Bearer " + t));
            if (body != null) {
                c.setDoOutput(true);
                c.setRequestProperty("Content-Type", "application/json");
                try (OutputStream out = c.getOutputStream()) {
                    out.write(body.getBytes(StandardCharsets.UTF_8));
                }
            }
            status = c.getResponseCode();
            link = c.getHeaderField("Link");
            try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
                text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (ConnectException | UnknownHostException e) {
            throw new CliFailure(
                    CliFailure.UNREACHABLE,
                    "cannot reach the Sluice server at " + server + " (" + reason(e)
                            + "); is it running? Set it with --server or SLUICE_URL");
        } catch (SocketTimeoutException e) {
            throw new CliFailure(
                    CliFailure.UNREACHABLE,
                    "the Sluice server at " + server + " did not answer within " + timeout.toSeconds() + " s");
        } catch (IOException e) {
            throw new CliFailure(
                    CliFailure.UNREACHABLE, "cannot talk to the Sluice server at " + server + " (" + reason(e) + ")");
        }
        JsonNode answer = parse(text);
        if (status >= 200 && status < 300) {
            return new Answer(answer, link);
        }
        String detail = detail(answer, status);
        if (status == 401) {
            throw new CliFailure(
                    CliFailure.UNREACHABLE,
                    "not logged in to " + server + ": " + detail + " (run sluice login, or set SLUICE_TOKEN)");
        }
        if (status == 403) {
            throw new CliFailure(CliFailure.UNREACHABLE, "not allowed: " + detail);
        }
        if (status >= 400 && status < 500) {
            throw new CliFailure(CliFailure.USAGE, detail);
        }
        throw new CliFailure(CliFailure.FAILED, "the server failed (" + status + "): " + detail);
    }

    private static JsonNode parse(String text) {
        if (text == null || text.isBlank()) {
            return JSON.nullNode();
        }
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            return JSON.getNodeFactory().textNode(text);
        }
    }

    /** A problem body's detail (or title), else the text. */
    private static String detail(JsonNode body, int status) {
        for (String field : new String[] {"detail", "title"}) {
            JsonNode v = body.get(field);
            if (v != null && v.isTextual() && !v.asText().isBlank()) {
                return v.asText();
            }
        }
        String text = body.isTextual() ? body.asText().strip() : "";
        return text.isEmpty() ? "HTTP " + status : oneLine(text);
    }

    private static String reason(Exception e) {
        return e.getMessage() == null || e.getMessage().isBlank()
                ? e.getClass().getSimpleName()
                : oneLine(e.getMessage());
    }

    static String oneLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
