package io.sluice.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.duckdb.DuckDBDriver;

/**
 * A second process for tests of the lake file's ownership: {@code hold FILE} opens the DuckDB file, prints
 * {@code holding} and keeps it open until its standard input closes; {@code open FILE} opens and closes it, prints
 * {@code opened} or DuckDB's first line, and exits 0 or 1.
 */
public final class DuckDbFileHolder {

    private DuckDbFileHolder() {}

    public static void main(String[] args) throws Exception {
        try (Connection c = new DuckDBDriver().connect("jdbc:duckdb:" + args[1], new Properties())) {
            if (args[0].equals("hold")) {
                System.out.println("holding");
                System.out.flush();
                while (System.in.read() >= 0) {
                    // until the test closes our standard input (or dies)
                }
            } else {
                System.out.println("opened");
            }
        } catch (SQLException e) {
            System.out.println(
                    e.getMessage() == null
                            ? ""
                            : e.getMessage().lines().findFirst().orElse(""));
            System.exit(1);
        }
    }

    /** Starts this class in a JVM of its own, on the test's class path. */
    public static Process start(String mode, Path file) throws IOException {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx128m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        DuckDbFileHolder.class.getName(),
                        mode,
                        file.toString())
                .redirectErrorStream(true)
                .start();
    }
}
