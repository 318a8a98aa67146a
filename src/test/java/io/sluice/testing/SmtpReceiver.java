package io.sluice.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

/** A minimal SMTP server for tests (no TLS, no authentication): it accepts every message and keeps its raw text. */
public final class SmtpReceiver implements AutoCloseable {

    private final ServerSocket socket;
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final Thread thread;

    public SmtpReceiver(int port) throws IOException {
        socket = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        thread = new Thread(this::serve, "smtp-receiver");
        thread.setDaemon(true);
        thread.start();
    }

    public List<String> messages() {
        return messages;
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket client = socket.accept()) {
                converse(client);
            } catch (IOException e) {
                // closed, or a client gone: serve the next
            }
        }
    }

    private void converse(Socket client) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
        OutputStream out = client.getOutputStream();
        reply(out, "220 localhost test SMTP");
        String line;
        while ((line = in.readLine()) != null) {
            String verb = line.length() < 4 ? line : line.substring(0, 4).toUpperCase(Locale.ROOT);
            switch (verb) {
                case "EHLO" -> reply(out, "250-localhost\r\n250 8BITMIME");
                case "HELO", "MAIL", "RCPT", "RSET", "NOOP" -> reply(out, "250 OK");
                case "DATA" -> {
                    reply(out, "354 go ahead");
                    StringBuilder message = new StringBuilder();
                    String l;
                    while ((l = in.readLine()) != null && !l.equals(".")) {
                        message.append(l.startsWith("..") ? l.substring(1) : l).append('\n');
                    }
                    messages.add(message.toString());
                    reply(out, "250 queued");
                }
                case "QUIT" -> {
                    reply(out, "221 bye");
                    return;
                }
                default -> reply(out, "502 not implemented");
            }
        }
    }

    private static void reply(OutputStream out, String text) throws IOException {
        out.write((text + "\r\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
