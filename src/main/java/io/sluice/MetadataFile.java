package io.sluice;

import io.sluice.text.Text;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The embedded metadata store's H2 file, opened once by itself before the server starts, so that what holds the store
 * is waited for or named, never met as a connection pool's "acquisition timeout" deep inside Flyway:
 * <ul>
 *   <li>After an unclean stop H2 rolls back, as it opens the file, what was not committed: a kill in the middle of a
 *   large transaction can make that take minutes (a 190 MB file with 2 million uncommitted rows took 112 s on a loaded
 *   2-core machine), far over the pool's 5 s. The open is waited for with no limit, saying so after 5 s and then every
 *   30 s, and the store is closed cleanly, so that the server then opens it at once.</li>
 *   <li>Another process holding the file (an H2 console or shell, a copy of Sluice started with another data directory
 *   path to the same files) stops the start with one line naming it: its process id and command line, from
 *   {@code /proc/locks}, where the system has one.</li>
 *   <li>A file that is mostly dead space (at least {@value #COMPACT_FROM_MIB} MiB and less than
 *   {@value #COMPACT_BELOW_PERCENT}% of it live data) is compacted with {@code SHUTDOWN COMPACT}, saying so. While the
 *   server runs H2 cannot compact (its background writer, which compacts, is off: each commit is written at once,
 *   {@code WRITE_DELAY=0}); at a clean stop it compacts for up to {@code MAX_COMPACT_TIME}.</li>
 * </ul>
 */
final class MetadataFile {

    static final long COMPACT_FROM_MIB = 64;
    static final int COMPACT_BELOW_PERCENT = 50;
    private static final Duration PATIENCE = Duration.ofSeconds(5);
    private static final Duration REMINDER = Duration.ofSeconds(30);
    /** H2's error code for a database file another process holds. */
    private static final int DATABASE_ALREADY_OPEN = 90020;

    private MetadataFile() {}

    /**
     * Opens and closes the store of {@code dataDir} if its file exists, telling {@code out} what takes long; answers why
     * the server cannot start, in one line, or empty.
     */
    static Optional<String> open(Path dataDir, PrintStream out) {
        Path file = dataDir.resolve("metadata.mv.db");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        String url = "jdbc:h2:file:" + dataDir.resolve("metadata") + ";AUTO_SERVER=FALSE";
        long started = System.nanoTime();
        CompletableFuture<Optional<String>> opening = CompletableFuture.supplyAsync(() -> openAndClose(url, file, out));
        Duration wait = PATIENCE;
        while (true) {
            try {
                return opening.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
                out.println("Sluice: opening the metadata store " + file + " (" + mib(size(file)) + ") has taken "
                        + seconds + " s: after an unclean stop H2 first rolls back what was not committed; waiting.");
                out.flush();
                wait = REMINDER;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of("interrupted while opening the metadata store " + file);
            } catch (ExecutionException e) {
                return Optional.of("cannot open the metadata store " + file + ": " + firstLine(e.getCause()));
            }
        }
    }

    private static Optional<String> openAndClose(String url, Path file, PrintStream out) {
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            Map<String, Long> info = info(c);
            long bytes = info.getOrDefault("info.FILE_SIZE", size(file));
            long livePercent =
                    info.getOrDefault("info.FILL_RATE", 100L) * info.getOrDefault("info.CHUNKS_FILL_RATE", 100L) / 100;
            if (bytes >= COMPACT_FROM_MIB * 1024 * 1024 && livePercent < COMPACT_BELOW_PERCENT) {
                out.println("Sluice: compacting the metadata store " + file + ": " + mib(bytes) + ", about "
                        + livePercent + "% of it live data.");
                out.flush();
                long started = System.nanoTime();
                try (Statement s = c.createStatement()) {
                    s.execute("SHUTDOWN COMPACT");
                }
                out.println("Sluice: compacted the metadata store to " + mib(size(file)) + " in "
                        + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) + " s.");
                out.flush();
            }
            return Optional.empty();
        } catch (SQLException e) {
            if (e.getErrorCode() == DATABASE_ALREADY_OPEN) {
                return Optional.of("the metadata store " + file + " is in use by another process ("
                        + lockHolder(file).orElse("which one could not be found")
                        + "). Stop that process, or set SLUICE_DATA_DIR to another directory");
            }
            return Optional.of("cannot open the metadata store " + file + ": " + firstLine(e));
        }
    }

    /** H2's figures of its file ({@code info.FILE_SIZE}, {@code info.FILL_RATE}, {@code info.CHUNKS_FILL_RATE}). */
    private static Map<String, Long> info(Connection c) throws SQLException {
        Map<String, Long> info = new HashMap<>();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
                        + " WHERE SETTING_NAME IN ('info.FILE_SIZE', 'info.FILL_RATE', 'info.CHUNKS_FILL_RATE')")) {
            while (r.next()) {
                try {
                    info.put(r.getString(1), Long.parseLong(r.getString(2).trim()));
                } catch (NumberFormatException e) {
                    // not a figure: left out, the defaults apply
                }
            }
        }
        return info;
    }

    /** Which process holds a lock on {@code file}: "pid 1234: its command line", from /proc/locks (Linux). */
    static Optional<String> lockHolder(Path file) {
        try {
            Object inode = Files.getAttribute(file, "unix:ino");
            String locks = Files.readString(Path.of("/proc/locks"), StandardCharsets.US_ASCII);
            return holder(
                            locks,
                            ((Number) inode).longValue(),
                            ProcessHandle.current().pid())
                    .map(pid -> "pid " + pid
                            + commandLine(pid).map(cmd -> ": " + cmd).orElse(""));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static final Pattern LOCK = Pattern.compile(
            "^\\d+:\\s+(?:->\\s+)?\\S+\\s+\\S+\\s+\\S+\\s+(-?\\d+)\\s+[0-9a-fA-F]+:[0-9a-fA-F]+:(\\d+)\\s");

    /** The process (other than {@code self}) that /proc/locks text {@code locks} shows holding inode {@code inode}. */
    static Optional<Long> holder(String locks, long inode, long self) {
        for (String line : locks.split("\n")) {
            Matcher m = LOCK.matcher(line.trim() + " ");
            if (m.find() && Long.parseLong(m.group(2)) == inode) {
                long pid = Long.parseLong(m.group(1));
                if (pid > 0 && pid != self && !line.contains("->")) {
                    return Optional.of(pid);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline"));
            String cmd =
                    new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').strip();
            if (cmd.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(Text.escape(shortened(cmd)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * A long command line as its program and its end, where a Java process names its main class or jar and their
     * arguments (its class path, in the middle, can run to kilobytes).
     */
    static String shortened(String cmd) {
        if (cmd.length() <= 160) {
            return cmd;
        }
        int program = cmd.indexOf(' ');
        String head = program < 0 || program > 60 ? cmd.substring(0, 60) : cmd.substring(0, program);
        return head + " ... " + cmd.substring(cmd.length() - 100);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%,.1f MiB", bytes / 1048576.0);
    }

    private static String firstLine(Throwable e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return Text.escape(message.lines().findFirst().orElse(message));
    }
}
