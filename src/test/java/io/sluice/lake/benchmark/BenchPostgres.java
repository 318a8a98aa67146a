package io.sluice.lake.benchmark;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import org.postgresql.Driver;

/**
 * The PostgreSQL the merge benchmark runs on: the server of {@code SLUICE_PG_URL} (with {@code SLUICE_PG_USER} and
 * {@code SLUICE_PG_PASSWORD}) when that is set, else an embedded one (zonky) started with PostgreSQL's durable
 * defaults, {@code fsync} and {@code synchronous_commit} on (zonky turns both off), as a real server runs.
 */
public final class BenchPostgres implements AutoCloseable {

    private final String url;
    private final String user;
    private final String password;
    private final EmbeddedPostgres embedded;

    private BenchPostgres(String url, String user, String password, EmbeddedPostgres embedded) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.embedded = embedded;
    }

    /** The server {@code env} names (SLUICE_PG_URL, ...), else a new embedded one; closing stops the embedded one. */
    public static BenchPostgres start(Map<String, String> env) throws IOException {
        String url = env.get("SLUICE_PG_URL");
        if (url != null && !url.isBlank()) {
            return new BenchPostgres(
                    url, env.getOrDefault("SLUICE_PG_USER", ""), env.getOrDefault("SLUICE_PG_PASSWORD", ""), null);
        }
        EmbeddedPostgres.Builder builder =
                EmbeddedPostgres.builder().setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on");
        String log = env.get("SLUICE_BENCH_PG_LOG");
        if (log != null && !log.isBlank()) {
            // the server's log (statements and plans of SLUICE_BENCH_PG_EXPLAIN) into a file instead of nowhere
            builder.setErrorRedirector(ProcessBuilder.Redirect.appendTo(new java.io.File(log)))
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(new java.io.File(log)));
        }
        EmbeddedPostgres pg = builder.start();
        return new BenchPostgres(pg.getJdbcUrl("postgres", "postgres"), "postgres", "postgres", pg);
    }

    /** A new connection (through the driver itself, whatever DriverManager sees). */
    public Connection connect() throws SQLException {
        Properties login = new Properties();
        if (!user.isEmpty()) {
            login.setProperty("user", user);
        }
        if (!password.isEmpty()) {
            login.setProperty("password", password);
        }
        Connection c = new Driver().connect(url, login);
        if (c == null) {
            throw new SQLException("not a PostgreSQL JDBC URL: " + url);
        }
        return c;
    }

    /** Which server, its version and the settings that move the figures. */
    public String describe(Connection c) throws SQLException {
        StringBuilder text = new StringBuilder(embedded == null ? "SLUICE_PG_URL's server" : "embedded (zonky)");
        text.append(", PostgreSQL ")
                .append(show(c, "server_version"))
                .append(": fsync ")
                .append(show(c, "fsync"));
        for (String setting : new String[] {"synchronous_commit", "shared_buffers", "work_mem", "max_wal_size"}) {
            text.append(", ").append(setting).append(' ').append(show(c, setting));
        }
        return text.toString();
    }

    private static String show(Connection c, String setting) throws SQLException {
        try (var s = c.createStatement();
                var rs = s.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Override
    public void close() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
    }
}
