package io.sluice.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.util.Map;

/**
 * A real PostgreSQL for tests, started from binaries in a Maven artifact (no Docker, no install).
 * If it cannot start, the tests that need it fail: they are never skipped.
 */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {

    private EmbeddedPostgres postgres;

    @Override
    public Map<String, String> start() {
        try {
            postgres = EmbeddedPostgres.builder().start();
        } catch (IOException e) {
            throw new IllegalStateException("embedded PostgreSQL did not start: " + e.getMessage(), e);
        }
        return Map.of(
                "quarkus.datasource.\"pg\".jdbc.url", postgres.getJdbcUrl("postgres", "postgres"),
                "quarkus.datasource.\"pg\".username", "postgres",
                "quarkus.datasource.\"pg\".password", "postgres");
    }

    @Override
    public void stop() {
        if (postgres != null) {
            try {
                postgres.close();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
