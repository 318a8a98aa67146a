package io.sluice.it;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Nodes of one cluster on one embedded PostgreSQL: each node a packaged Sluice with its own data directory and port,
 * on the production settings ({@code prod,pg}) with the store in the shared database. Closing stops every node, then
 * PostgreSQL.
 */
final class LocalCluster implements AutoCloseable {

    private final Path data;
    private final EmbeddedPostgres postgres;
    private final List<SluiceServer> nodes = new ArrayList<>();

    LocalCluster(Path data) throws Exception {
        this.data = data;
        this.postgres = EmbeddedPostgres.builder().start();
    }

    EmbeddedPostgres postgres() {
        return postgres;
    }

    /** Creates another database in the cluster's PostgreSQL (a second store, for a reference run). */
    void createDatabase(String name) throws Exception {
        try (Connection c = postgres.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
    }

    /** Node {@code name}, not started: its data directory is {@code <data>/<name>}. */
    SluiceServer node(String name) throws Exception {
        // "h2" only tells SluiceServer not to start a PostgreSQL of its own: the environment selects PostgreSQL
        SluiceServer node = new SluiceServer("h2", Files.createDirectories(data.resolve(name)));
        synchronized (nodes) {
            nodes.add(node);
        }
        return node;
    }

    /** The environment of node {@code name} with its store in {@code database}, and {@code more}. */
    Map<String, String> env(String name, String database, Map<String, String> more) {
        Map<String, String> env = new HashMap<>(Map.of(
                "QUARKUS_PROFILE", "prod,pg",
                "SLUICE_PG_URL", postgres.getJdbcUrl("postgres", database),
                "SLUICE_PG_USER", "postgres",
                "SLUICE_PG_PASSWORD", "postgres",
                "SLUICE_NODE_NAME", name));
        env.putAll(more);
        return env;
    }

    /** As {@link #env(String, String, Map)} in the database {@code postgres}. */
    Map<String, String> env(String name, Map<String, String> more) {
        return env(name, "postgres", more);
    }

    /** Node {@code name} started (log {@code <name>.log}) with its store in {@code database}, and {@code more}. */
    SluiceServer start(String name, String database, Map<String, String> more) throws Exception {
        SluiceServer node = node(name);
        node.start(name + ".log", env(name, database, more));
        return node;
    }

    /** As {@link #start(String, String, Map)} in the database {@code postgres}. */
    SluiceServer start(String name, Map<String, String> more) throws Exception {
        return start(name, "postgres", more);
    }

    @Override
    public void close() throws Exception {
        List<SluiceServer> started;
        synchronized (nodes) {
            started = List.copyOf(nodes);
        }
        for (SluiceServer node : started) {
            node.close();
        }
        postgres.close();
    }
}
