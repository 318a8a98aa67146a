package io.sluice.lake.duckdb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;
import org.duckdb.DuckDBDriver;

/** Whether the lake's DuckDB file can be opened for writing by this process, before the server starts (DuckDB lets one process do so). */
public final class LakeFileProbe {

    private LakeFileProbe() {}

    /** Why {@code lake} cannot be opened, or empty (also when it does not exist yet: it will be created). */
    public static Optional<String> problem(Path lake) {
        if (!Files.exists(lake)) {
            return Optional.empty();
        }
        try (Connection c = new DuckDBDriver().connect("jdbc:duckdb:" + lake, new Properties())) {
            return Optional.empty();
        } catch (SQLException e) {
            return Optional.of(whyNotOpened(lake, e));
        }
    }

    /** Why DuckDB did not open the lake file, in one line: held by another process (and what to do), or DuckDB's first line. */
    static String whyNotOpened(Path lake, SQLException e) {
        String message =
                e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
        return message.contains("lock")
                ? "the lake file " + lake + " is in use by another process (" + message
                        + "); stop that process or point sluice.data-dir at another directory"
                : "cannot open the lake file " + lake + ": " + message;
    }
}
