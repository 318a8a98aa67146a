package io.sluice;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the server checks before it starts, so that a data directory it cannot use stops it with one line instead of a
 * "ready" banner followed by failing writes or stack traces: the embedded metadata store's file and the lake's file
 * must be writable if they exist, and no other process may hold the lake.
 */
final class Preflight {

    private Preflight() {
    }

    /** The first problem with the files, or empty. {@code metadata} is absent when the metadata store is not the embedded H2. */
    static Optional<String> problem(Optional<Path> metadata, Path lake) {
        for (Path file : metadata.isPresent() ? java.util.List.of(metadata.get(), lake) : java.util.List.of(lake)) {
            if (Files.isDirectory(file)) {
                return Optional.of(file + " is a directory, not a database file");
            }
            if (Files.exists(file) && !Files.isWritable(file)) {
                return Optional.of(file + " is not writable by this user (" + System.getProperty("user.name")
                        + "); Sluice would start read-only and every write would fail");
            }
        }
        return io.sluice.lake.duckdb.LakeFileProbe.problem(lake);
    }

    /** An I/O failure as words: "permission denied", "not a directory". */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException || e instanceof java.nio.file.NotDirectoryException) {
            return "a file is in the way where a directory should be";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
