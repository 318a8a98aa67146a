package io.sluice.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One real PostgreSQL per test JVM (embedded, from binaries in a Maven artifact: no Docker, no install), started when a
 * test first asks for it and stopped when the JVM exits. Each test takes a database of its own with
 * {@link #freshDatabase}. If PostgreSQL cannot start, the tests that need it fail: they are never skipped.
 */
public final class EmbeddedPg {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres postgres;

    private EmbeddedPg() {}

    private static synchronized EmbeddedPostgres postgres() {
        if (postgres == null) {
            try {
                postgres = EmbeddedPostgres.builder().start();
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException("embedded PostgreSQL did not start: " + e.getMessage(), e);
            }
            EmbeddedPostgres started = postgres;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException e) {
                    // the JVM ends anyway
                }
            }));
        }
        return postgres;
    }

    /** The JDBC url of a new, empty database named after {@code prefix} (user and password: {@link #USER}). */
    public static String freshDatabase(String prefix) {
        String name = prefix.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_") + "_" + DATABASES.incrementAndGet();
        EmbeddedPostgres pg = postgres();
        try (Connection admin = pg.getPostgresDatabase().getConnection();
                Statement s = admin.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
        return pg.getJdbcUrl(USER, name);
    }

    /** The user (and password) of every database. */
    public static final String USER = "postgres";
}
