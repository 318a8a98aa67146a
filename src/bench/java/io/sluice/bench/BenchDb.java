package io.sluice.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;

/** One fresh database for one contender: an H2 file in a temp directory, or a database in the embedded PostgreSQL. */
record BenchDb(String engine, String jdbcUrl, String user, String password, String pgName) {

    /**
     * An H2 file database. {@code durable} gives the peers the setting Sluice ships with ({@code WRITE_DELAY=0}: each
     * commit is written to the file before it returns); without it H2 writes commits up to 500 ms later, and a kill
     * loses them.
     */
    static BenchDb h2(Path dir, String name, boolean durable) {
        return new BenchDb(
                "H2",
                "jdbc:h2:file:" + dir.resolve(name).toAbsolutePath() + ";AUTO_SERVER=FALSE;DB_CLOSE_ON_EXIT=FALSE"
                        + (durable ? ";WRITE_DELAY=0" : ""),
                "sa",
                "",
                null);
    }

    static BenchDb postgres(int port, String database) {
        return new BenchDb(
                "PostgreSQL", "jdbc:postgresql://localhost:" + port + "/" + database, "postgres", "postgres", database);
    }

    boolean isPostgres() {
        return pgName != null;
    }

    /** A small pool (Sluice's own pool is Agroal, max 16); peers get max 10 connections. */
    HikariDataSource pool(String name) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(10);
        config.setPoolName(name);
        return new HikariDataSource(config);
    }
}
