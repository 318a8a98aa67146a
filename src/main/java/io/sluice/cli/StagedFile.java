package io.sluice.cli;

import io.sluice.IoReason;
import io.sluice.lake.duckdb.replay.ReplayInputException;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * An output written to a temporary file in its target's directory and moved over the target at the end (atomically
 * where the file system can), so that a failed run leaves the target as it was. The temporary's name ends with the
 * target's name ({@code .sluice-<random>-table.csv.gz}), so DuckDB picks the same compression for both. An existing
 * target that is a symbolic link is written through: the file it names is replaced.
 */
final class StagedFile implements AutoCloseable {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final ReplayOutputs.Target target;
    private final Path destination;
    private final Path temporary;
    private boolean moved;

    private StagedFile(ReplayOutputs.Target target, Path destination, Path temporary) {
        this.target = target;
        this.destination = destination;
        this.temporary = temporary;
    }

    /** Creates the (empty) temporary file next to the target: the proof that the target's directory takes files. */
    static StagedFile create(ReplayOutputs.Target target) {
        Path destination = destination(target.path());
        Path dir = destination.getParent();
        if (dir == null || destination.getFileName() == null) {
            throw new ReplayInputException(target.label() + ": is not a file name");
        }
        if (!Files.isDirectory(dir)) {
            throw new ReplayInputException(target.label() + ": directory " + dir + " does not exist");
        }
        for (int attempt = 0; ; attempt++) {
            Path temporary = dir.resolve(
                    ".sluice-" + HexFormat.of().toHexDigits(RANDOM.nextInt()) + "-" + destination.getFileName());
            try {
                return new StagedFile(target, destination, Files.createFile(temporary));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) {
                    throw new ReplayInputException(
                            target.label() + ": cannot create a file in " + dir + " (every name tried exists)");
                }
            } catch (IOException e) {
                throw new ReplayInputException(
                        target.label() + ": cannot create a file in " + dir + " (" + IoReason.of(e) + ")");
            }
        }
    }

    Path temporary() {
        return temporary;
    }

    /** Moves the temporary file over the target. */
    void commit() {
        try {
            try {
                Files.move(temporary, destination, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, destination, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } catch (IOException e) {
            throw new ReplayInputException(target.label() + ": cannot move " + temporary.getFileName() + " into place ("
                    + IoReason.of(e) + ")");
        }
    }

    /** Deletes the temporary file unless it was moved into place. */
    @Override
    public void close() {
        if (!moved) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                // nothing more to do: the name starts with .sluice- and says what it was
            }
        }
    }

    /** An existing target's real path (symbolic links followed), else the path made absolute. */
    private static Path destination(Path path) {
        try {
            return Files.exists(path) ? path.toRealPath() : path.toAbsolutePath();
        } catch (IOException e) {
            return path.toAbsolutePath();
        }
    }
}
