package io.sluice;

import io.sluice.lake.duckdb.LakeFileProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the server checks before it starts, so that a data directory it cannot use stops it with one line instead of a
 * "ready" banner followed by failing writes or stack traces: the embedded metadata store's file and the lake's file
 * must be writable if they exist, and no other process may hold the lake.
 */
final class Preflight {

    private Preflight() {}

    /** The first problem with the files, or empty. {@code metadata} is absent when the metadata store is not the embedded H2. */
    static Optional<String> problem(Optional<Path> metadata, Path lake) {
        return problem(metadata, Optional.of(lake));
    }

    /** As above; {@code lake} is absent on a node without the lake ({@code SLUICE_LAKE_ENABLED=false}). */
    static Optional<String> problem(Optional<Path> metadata, Optional<Path> lake) {
        List<Path> files = new java.util.ArrayList<>();
        metadata.ifPresent(files::add);
        lake.ifPresent(files::add);
        for (Path file : files) {
            if (Files.isDirectory(file)) {
                return Optional.of(file + " is a directory, not a database file");
            }
            if (Files.exists(file) && !Files.isWritable(file)) {
                return Optional.of(file + " is not writable by this user (" + System.getProperty("user.name")
                        + "); Sluice would start read-only and every write would fail");
            }
        }
        return lake.flatMap(LakeFileProbe::problem);
    }

    /**
     * Why the PostgreSQL lake cannot start, or empty: without a url of its own ({@code sluice.lake.postgres.url}) it uses
     * the metadata store's database, which must then be PostgreSQL, not the embedded H2.
     *
     * @param postgresLake  whether this node has the lake and its engine is {@code postgres}
     * @param ownUrl        whether {@code sluice.lake.postgres.url} is set
     * @param embeddedStore whether the metadata store is the embedded H2
     */
    static Optional<String> postgresLakeProblem(boolean postgresLake, boolean ownUrl, boolean embeddedStore) {
        return postgresLake && !ownUrl && embeddedStore
                ? Optional.of("sluice.lake.engine=postgres needs sluice.lake.postgres.url (SLUICE_LAKE_POSTGRES_URL) "
                        + "when the metadata store is not PostgreSQL (QUARKUS_PROFILE=prod,pg)")
                : Optional.empty();
    }
}
