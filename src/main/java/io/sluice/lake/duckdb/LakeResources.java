package io.sluice.lake.duckdb;

import io.sluice.lake.LakeUnavailable;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bounds of the lake's DuckDB database (memory, threads, where and how much it spills), from {@code sluice.lake.*}.
 * They are set once on the root connection ({@code SET GLOBAL}, values bound), so every connection duplicated from it
 * holds them too: they belong to the database, not to a connection. ({@code max_temp_directory_size} given as a
 * connection property at open is shown by {@code current_setting} but not enforced by DuckDB 2.0; set, it is.)
 */
final class LakeResources {

    /** The prefix of the files DuckDB spills to; only such files are removed from the temp directory at start. */
    static final String TEMP_FILE_PREFIX = "duckdb_temp";

    private static final Pattern SHARE = Pattern.compile("\\s*(\\d{1,3}(?:\\.\\d+)?)\\s*%\\s*");

    private final LakeSettings settings;
    private final Path tempDirectory;

    LakeResources(LakeSettings settings) {
        this.settings = settings;
        this.tempDirectory = Path.of(settings.tempDirectory()).toAbsolutePath().normalize();
    }

    Path tempDirectory() {
        return tempDirectory;
    }

    /** Creates the temp directory and removes the spill files a process that stopped without closing the lake left in it. */
    void prepareTempDirectory() {
        try {
            Files.createDirectories(tempDirectory);
            try (DirectoryStream<Path> files = Files.newDirectoryStream(tempDirectory, TEMP_FILE_PREFIX + "*")) {
                for (Path file : files) {
                    if (Files.isRegularFile(file)) {
                        Files.deleteIfExists(file);
                    }
                }
            }
        } catch (IOException e) {
            throw new LakeUnavailable(
                    "Cannot prepare the lake's temp directory " + tempDirectory + " (sluice.lake.temp-directory): "
                            + e.getMessage(),
                    e);
        }
    }

    /** Sets the bounds on the root connection; a value DuckDB refuses stops the start with the key's name and DuckDB's reason. */
    void apply(Connection root) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("sluice.lake.memory-limit", settings.memoryLimit().trim());
        values.put("sluice.lake.threads", (long)
                settings.threads().orElse(Runtime.getRuntime().availableProcessors()));
        values.put("sluice.lake.temp-directory", tempDirectory.toString());
        values.put("sluice.lake.max-temp-directory-size", diskShare(settings.maxTempDirectorySize()));
        for (Map.Entry<String, Object> value : values.entrySet()) {
            String option = value.getKey().substring("sluice.lake.".length()).replace('-', '_');
            try (PreparedStatement set = root.prepareStatement("SET GLOBAL " + option + " = ?")) {
                set.setObject(1, value.getValue());
                set.execute();
            } catch (SQLException e) {
                throw new LakeUnavailable(
                        value.getKey() + " '" + value.getValue() + "' is not accepted by DuckDB: "
                                + (e.getMessage() == null
                                        ? ""
                                        : e.getMessage().lines().findFirst().orElse("")),
                        e);
            }
        }
    }

    /** The bounds DuckDB holds now, as it shows them (for the start-up log and tests). */
    static String describe(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                        "SELECT current_setting('memory_limit'), current_setting('threads'), "
                                + "current_setting('temp_directory'), current_setting('max_temp_directory_size')");
                ResultSet rs = query.executeQuery()) {
            rs.next();
            return "memory limit " + rs.getString(1) + ", " + rs.getString(2) + " threads, spilling to "
                    + rs.getString(3) + " (at most " + rs.getString(4) + ")";
        }
    }

    /** A size as it is, or a share ({@code 50%}) of the disk space free in the temp directory now, in KiB. */
    private String diskShare(String size) {
        Matcher share = SHARE.matcher(size);
        if (!share.matches()) {
            return size.trim();
        }
        double percent = Double.parseDouble(share.group(1));
        if (percent <= 0 || percent > 100) {
            throw new LakeUnavailable(
                    "sluice.lake.max-temp-directory-size '" + size
                            + "' is not a share from 0% to 100% of the free disk space",
                    null);
        }
        try {
            long free = Files.getFileStore(tempDirectory).getUsableSpace();
            return Math.max(1, (long) (free / 1024.0 * percent / 100)) + "KiB";
        } catch (IOException e) {
            throw new LakeUnavailable(
                    "Cannot read the free disk space of the lake's temp directory " + tempDirectory + ": "
                            + e.getMessage(),
                    e);
        }
    }
}
