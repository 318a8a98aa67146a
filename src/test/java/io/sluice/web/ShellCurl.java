package io.sluice.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Executes a {@code curl} command line as a shell would run it: split into words by the shell's quoting rules (single
 * quotes, backslash escapes outside them), then sent as curl sends it ({@code -X} method, {@code -H} headers, {@code -d}
 * body, {@code -s} silent). Any other option is refused, so that a test sees exactly the request a user would send.
 */
final class ShellCurl {

    private ShellCurl() {}

    static HttpResponse<String> execute(String commandLine) throws IOException, InterruptedException {
        List<String> words = words(commandLine);
        if (words.isEmpty() || !words.get(0).equals("curl")) {
            throw new IllegalArgumentException("not a curl command: " + commandLine);
        }
        String method = null;
        String url = null;
        String body = null;
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            switch (w) {
                case "-s" -> {}
                case "-X" -> method = words.get(++i);
                case "-H" -> {
                    String header = words.get(++i);
                    int colon = header.indexOf(':');
                    headers.put(
                            header.substring(0, colon).strip(),
                            header.substring(colon + 1).strip());
                }
                case "-d" -> body = words.get(++i);
                default -> {
                    if (w.startsWith("-") || url != null) {
                        throw new IllegalArgumentException("unexpected word " + w + " in " + commandLine);
                    }
                    url = w;
                }
            }
        }
        if (url == null) {
            throw new IllegalArgumentException("no URL in " + commandLine);
        }
        String verb = method != null ? method : body != null ? "POST" : "GET";
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .method(
                        verb,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null && !headers.containsKey("Content-Type")) {
            request.header("Content-Type", "application/x-www-form-urlencoded"); // what curl -d sends
        }
        headers.forEach(request::header);
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The words of a POSIX shell command line: single quotes keep everything, a backslash outside them the next character. */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unclosed quote in " + line);
                }
                word.append(line, i + 1, end);
                inWord = true;
                i = end;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '"' || c == '$' || c == '`' || c == ';' || c == '|' || c == '&') {
                throw new IllegalArgumentException("the command needs a shell feature this reader does not take: " + c);
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
