package io.sluice.cli;

import io.sluice.IoReason;
import io.sluice.lake.duckdb.replay.ReplayInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The files a replay writes (--out, --probes): checked before anything runs, then staged in temporary files next
 * to their targets and moved into place only when the whole replay succeeded. An output is refused when it names
 * the replay file, the database or the other output, when it exists and is not a regular file, or when it is a
 * DuckDB database: a CSV written over a live lake would destroy it.
 */
final class ReplayOutputs implements AutoCloseable {

    /** An output file and the option that named it. */
    record Target(String option, Path path) {

        String label() {
            return option + " " + path;
        }
    }

    /** DuckDB database files carry these bytes at offset 8. */
    private static final byte[] DUCKDB_MAGIC = "DUCK".getBytes(StandardCharsets.US_ASCII);

    private final List<StagedFile> staged;

    private ReplayOutputs(List<StagedFile> staged) {
        this.staged = staged;
    }

    /** Checks the targets ({@link #check}) and creates a temporary file next to each, in the order given. */
    static ReplayOutputs prepare(Path input, Path db, List<Target> targets) {
        check(input, db, targets);
        List<StagedFile> staged = new ArrayList<>();
        try {
            for (Target target : targets) {
                staged.add(StagedFile.create(target));
            }
        } catch (RuntimeException e) {
            staged.forEach(StagedFile::close);
            throw e;
        }
        return new ReplayOutputs(staged);
    }

    /** Where to write the output {@code index} (in the order of {@link #prepare}) until {@link #commit()}. */
    Path temporary(int index) {
        return staged.get(index).temporary();
    }

    /** Moves every output into place. */
    void commit() {
        staged.forEach(StagedFile::commit);
    }

    /** Deletes the temporary files that were not moved into place. */
    @Override
    public void close() {
        staged.forEach(StagedFile::close);
    }

    /**
     * Refuses an output that is empty, the same file as {@code input}, {@code db} (null: none) or an earlier
     * target, a directory or other non-regular file, or a DuckDB database. Reads nothing but metadata and the
     * first 12 bytes of an existing target.
     */
    static void check(Path input, Path db, List<Target> targets) {
        for (int i = 0; i < targets.size(); i++) {
            Target t = targets.get(i);
            if (t.path().toString().isEmpty()) {
                throw new ReplayInputException(t.option() + ": the path is empty");
            }
            if (sameFile(t.path(), input)) {
                throw new ReplayInputException(t.label() + ": is the replay file; choose another output file");
            }
            if (db != null && sameFile(t.path(), db)) {
                throw new ReplayInputException(t.label() + ": is the same file as --db; choose another output file");
            }
            for (Target earlier : targets.subList(0, i)) {
                if (sameFile(t.path(), earlier.path())) {
                    throw new ReplayInputException(t.label() + ": is the same file as " + earlier.option());
                }
            }
            requireReplaceable(t);
        }
    }

    /** The same path once made absolute and normal (its directory's symbolic links resolved), or the same file. */
    static boolean sameFile(Path a, Path b) {
        if (canonical(a).equals(canonical(b))) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (parent == null || absolute.getFileName() == null) {
            return absolute;
        }
        try {
            return parent.toRealPath().resolve(absolute.getFileName());
        } catch (IOException e) {
            return absolute;
        }
    }

    private static void requireReplaceable(Target t) {
        Path path = t.path();
        if (!Files.exists(path)) {
            return;
        }
        if (Files.isDirectory(path)) {
            throw new ReplayInputException(t.label() + ": is a directory");
        }
        if (!Files.isRegularFile(path)) {
            throw new ReplayInputException(t.label() + ": is not a regular file");
        }
        if (!Files.isWritable(path)) {
            throw new ReplayInputException(t.label() + ": the file is not writable");
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(path)) {
            head = in.readNBytes(12);
        } catch (IOException e) {
            throw new ReplayInputException(
                    t.label() + ": cannot read the file to check what it holds (" + IoReason.of(e) + ")");
        }
        if (head.length == 12 && Arrays.equals(head, 8, 12, DUCKDB_MAGIC, 0, 4)) {
            throw new ReplayInputException(t.label() + ": is a DuckDB database; refusing to overwrite it");
        }
    }
}
