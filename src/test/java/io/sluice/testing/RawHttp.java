package io.sluice.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, byte for byte as given: the Host header, a body that is not UTF-8, a declared length the
 * body does not have, chunks. An HTTP client would correct or refuse what these tests send. The body is written while
 * the answer is read, so that an answer sent before the body was read (and the connection then closed) is seen.
 */
public final class RawHttp {

    private RawHttp() {}

    /** An answer: status, headers by lower-case name, body as text. */
    public record Answer(int status, Map<String, String> headers, String body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /**
     * A request to send: its head (request line and headers, no final blank line) and its body bytes. Unless its
     * headers name a Cookie, it carries the anti-forgery cookie and token a page gives its forms ({@link CsrfForTests}),
     * so that what it tests is reached; tests of the anti-forgery guard send their own Cookie header.
     */
    public record Request(String head, byte[] body) {
        public static Request of(String method, String target, String host, Map<String, String> headers, byte[] body) {
            StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
            if (host != null) {
                head.append("Host: ").append(host).append("\r\n");
            }
            if (headers.keySet().stream().noneMatch(h -> h.equalsIgnoreCase("Cookie"))) {
                CsrfForTests.headers()
                        .forEach((name, value) ->
                                head.append(name).append(": ").append(value).append("\r\n"));
            }
            headers.forEach((name, value) ->
                    head.append(name).append(": ").append(value).append("\r\n"));
            if (body != null
                    && headers.keySet().stream()
                            .noneMatch(h ->
                                    h.equalsIgnoreCase("Content-Length") || h.equalsIgnoreCase("Transfer-Encoding"))) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            return new Request(head.toString().stripTrailing(), body == null ? new byte[0] : body);
        }

        @Override
        public String toString() {
            String line = head.lines().findFirst().orElse("");
            return (line.length() > 120 ? line.substring(0, 120) + "…" : line) + " (" + body.length + " bytes)";
        }
    }

    /** The body in chunks of {@code size} bytes, as {@code Transfer-Encoding: chunked} sends it. */
    public static byte[] chunked(byte[] body, int size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + body.length / size * 8 + 16);
        for (int i = 0; i < body.length; i += size) {
            int n = Math.min(size, body.length - i);
            out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, i, n);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    public static Answer send(int port, Request request) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write((request.head() + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < request.body().length; i += 65_536) {
                        out.write(request.body(), i, Math.min(65_536, request.body().length - i));
                    }
                    out.flush();
                } catch (IOException e) {
                    // the server answered and closed before reading it all: what it answered is what counts
                }
            });
            writer.start();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            byte[] buffer = new byte[8_192];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    read.write(buffer, 0, n);
                }
            } catch (IOException e) {
                if (read.size() == 0) {
                    throw e;
                }
            }
            try {
                writer.join(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return parse(read.toString(StandardCharsets.ISO_8859_1));
        }
    }

    /** {@code text}: the bytes as ISO-8859-1, one char a byte, so that chunk sizes count bytes; the body is then read as UTF-8. */
    private static Answer parse(String text) {
        // a "100 Continue" may come first
        while (text.startsWith("HTTP/1.1 100")) {
            text = text.substring(text.indexOf("\r\n\r\n") + 4);
        }
        int split = text.indexOf("\r\n\r\n");
        if (split < 0) {
            throw new AssertionError("not an HTTP answer: " + text);
        }
        String[] lines = text.substring(0, split).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(
                    lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).trim());
        }
        String body = text.substring(split + 4);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new Answer(
                Integer.parseInt(lines[0].split(" ")[1]),
                headers,
                new String(body.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
    }

    private static String dechunk(String body) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < body.length()) {
            int end = body.indexOf("\r\n", at);
            int size = Integer.parseInt(body.substring(at, end).trim(), 16);
            if (size == 0) {
                break;
            }
            out.append(body, end + 2, end + 2 + size);
            at = end + 2 + size + 2;
        }
        return out.toString();
    }
}
