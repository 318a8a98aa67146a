package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.duckdb.DuckDBDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreflightTest {

    @TempDir
    Path dir;

    @Test
    void aFreshDataDirectoryAndAnOpenableLakePass() throws Exception {
        assertThat(Preflight.problem(Optional.of(dir.resolve("metadata.mv.db")), dir.resolve("lake.duckdb")))
                .isEmpty();
        try (var c = new DuckDBDriver().connect("jdbc:duckdb:" + dir.resolve("lake.duckdb"), new Properties())) {
            c.createStatement().execute("CREATE TABLE t (x INT)");
        }
        assertThat(Preflight.problem(Optional.empty(), dir.resolve("lake.duckdb")))
                .isEmpty();
    }

    @Test
    void aDirectoryOrAnUnreadableFileWhereADatabaseBelongsIsNamed() throws Exception {
        Files.createDirectory(dir.resolve("metadata.mv.db"));
        assertThat(Preflight.problem(Optional.of(dir.resolve("metadata.mv.db")), dir.resolve("lake.duckdb")))
                .hasValueSatisfying(p -> assertThat(p).contains("metadata.mv.db is a directory"));
        Files.writeString(dir.resolve("lake.duckdb"), "not a database, just text that is long enough to have a header");
        assertThat(Preflight.problem(Optional.empty(), dir.resolve("lake.duckdb")))
                .hasValueSatisfying(
                        p -> assertThat(p).startsWith("cannot open the lake file " + dir.resolve("lake.duckdb")));
    }

    @Test
    void ioFailuresAreSaidInWords() {
        assertThat(IoReason.of(new AccessDeniedException("/x"))).isEqualTo("permission denied");
        assertThat(IoReason.of(new FileAlreadyExistsException("/x"))).contains("a file is in the way");
        assertThat(IoReason.of(new FileSystemException("/x", null, "Read-only file system")))
                .isEqualTo("read-only file system");
    }

    @Test
    void thePostgresLakeWithoutAUrlOfItsOwnNeedsTheStoreOnPostgres() {
        assertThat(Preflight.postgresLakeProblem(true, false, true))
                .hasValueSatisfying(line ->
                        assertThat(line).contains("sluice.lake.postgres.url").doesNotContain("\n"));
        assertThat(Preflight.postgresLakeProblem(true, false, false)).isEmpty();
        assertThat(Preflight.postgresLakeProblem(true, true, true)).isEmpty();
        assertThat(Preflight.postgresLakeProblem(false, false, true)).isEmpty();
    }
}
