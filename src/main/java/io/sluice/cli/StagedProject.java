package io.sluice.cli;

import io.sluice.IoReason;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A new project's files, written into a directory beside the project's ({@code .sluice-new-<random>-<name>}) and moved
 * into place once all are written, so that a failure at any point leaves nothing behind: not a file, not the staging
 * directory, not a parent directory it created. The project's directory must not exist, or be empty.
 */
final class StagedProject {

    private static final SecureRandom RANDOM = new SecureRandom();

    private StagedProject() {}

    /**
     * Writes {@code files} (paths relative to {@code target}, with / separators, and their bytes) into {@code target};
     * those in {@code executables} are made executable where the file system has POSIX permissions.
     */
    static void write(Path target, Map<String, byte[]> files, Set<String> executables) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        if (parent == null || target.getFileName() == null) {
            throw new IllegalArgumentException(target + " is not a directory name for a project");
        }
        Path firstCreated = firstMissing(parent);
        Path staging = null;
        List<Path> movedIn = new ArrayList<>();
        try {
            Files.createDirectories(parent);
            staging = Files.createDirectory(parent.resolve(
                    ".sluice-new-" + HexFormat.of().toHexDigits(RANDOM.nextInt()) + "-" + target.getFileName()));
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Path path = staging.resolve(file.getKey()).normalize();
                if (!path.startsWith(staging) || path.equals(staging)) {
                    throw new IllegalArgumentException("the project file " + file.getKey() + " is outside the project");
                }
                Files.createDirectories(path.getParent());
                Files.write(path, file.getValue());
                if (executables.contains(file.getKey())) {
                    executable(path);
                }
            }
            if (Files.isDirectory(target)) {
                for (Path entry : entries(staging)) {
                    Path to = target.resolve(entry.getFileName().toString());
                    Files.move(entry, to);
                    movedIn.add(to);
                }
                Files.delete(staging);
            } else {
                move(staging, target);
            }
            staging = null;
        } catch (IOException | RuntimeException e) {
            undo(staging, movedIn, firstCreated, parent);
            if (e instanceof IOException io) {
                throw new IOException("cannot write the project to " + target + " (" + IoReason.of(io) + ")", io);
            }
            throw e;
        }
    }

    private static void move(Path staging, Path target) throws IOException {
        try {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(staging, target);
        }
    }

    private static void executable(Path path) throws IOException {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the .cmd wrapper is there
        }
    }

    /** The top-most directory of {@code dir}'s ancestry (itself included) that does not exist yet, or null. */
    private static Path firstMissing(Path dir) {
        Path missing = null;
        for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) {
            missing = p;
        }
        return missing;
    }

    /** Takes back what a failed write left: the staging directory, entries moved in, parents it created (if empty). */
    private static void undo(Path staging, List<Path> movedIn, Path firstCreated, Path parent) {
        for (Path p : movedIn) {
            deleteTree(p);
        }
        if (staging != null) {
            deleteTree(staging);
        }
        if (firstCreated != null) {
            for (Path p = parent; p != null && p.startsWith(firstCreated); p = p.getParent()) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    return; // not empty (someone else's), or not ours to remove
                }
            }
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // best effort: the name (.sluice-new-...) says what it was
        }
    }

    private static List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
