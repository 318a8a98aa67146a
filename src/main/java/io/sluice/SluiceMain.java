package io.sluice;

import io.quarkus.runtime.ApplicationLifecycleManager;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import io.sluice.access.ListenRule;
import io.sluice.cluster.StartRefused;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Starts the Sluice server. The data directory (H2 metadata store and DuckDB lake) belongs to one process:
 * a second Sluice on the same directory stops at once with a message naming it, instead of failing deep
 * inside the database drivers. The embedded metadata store is opened once before the server starts
 * ({@link MetadataFile}): a slow open after a crash is waited for and said, another process holding the file is named.
 */
@QuarkusMain
public final class SluiceMain {

    SluiceMain() {}

    public static void main(String... args) {
        // the listen rule as one line, before Quarkus starts (AccessStartup applies it again where SluiceMain is not
        // used)
        listenRefusal().ifPresent(problem -> {
            System.err.println(problem + ".");
            System.exit(1);
        });
        Path dataDir = Path.of(System.getProperty(
                        "sluice.data-dir", System.getenv().getOrDefault("SLUICE_DATA_DIR", "./data")))
                .toAbsolutePath()
                .normalize();
        FileLock lock = lock(dataDir);
        Optional<Path> metadata = embeddedMetadata(dataDir);
        Preflight.problem(
                        metadata, lakeEnabled() && !postgresLake() ? Optional.of(lakeFile(dataDir)) : Optional.empty())
                .or(() -> postgresLakeProblem(metadata))
                .or(() -> metadata.isPresent() ? MetadataFile.open(dataDir, System.out) : Optional.empty())
                .ifPresent(problem -> {
                    System.err.println("Sluice cannot start: " + problem + ".");
                    release(lock);
                    System.exit(1);
                });
        try {
            // dev mode sets its own exit handler (it restarts the application on a change): every exit but a refused
            // start goes to the handler in place
            BiConsumer<Integer, Throwable> otherwise = ApplicationLifecycleManager.getDefaultExitCodeHandler();
            Quarkus.run(null, (status, failure) -> exit(status, failure, lock, otherwise), args);
        } finally {
            release(lock);
        }
    }

    /**
     * How the process ends when Quarkus stops: a start refused for a reason one line says ({@link StartRefused}, e.g.
     * another lake in the cluster) prints that line last on stderr and exits 1; anything else exits as Quarkus would.
     */
    private static void exit(int status, Throwable failure, FileLock lock, BiConsumer<Integer, Throwable> otherwise) {
        Optional<String> refused = refusal(failure);
        if (refused.isPresent()) {
            System.err.println("Sluice cannot start: " + refused.get());
            release(lock);
            System.exit(1);
        } else if (otherwise != null) {
            otherwise.accept(status, failure);
        } else {
            release(lock);
            System.exit(status);
        }
    }

    private static Optional<String> refusal(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StartRefused refused) {
                return Optional.of(refused.getMessage());
            }
        }
        return Optional.empty();
    }

    /** {@link ListenRule}'s refusal for the configured authentication switch and listening address, if any. */
    private static Optional<String> listenRefusal() {
        Config config = ConfigProvider.getConfig();
        return ListenRule.refusal(
                config.getOptionalValue("sluice.auth.enabled", Boolean.class).orElse(true),
                config.getOptionalValue("quarkus.http.host", String.class).orElse("0.0.0.0"));
    }

    /** The H2 file of the embedded metadata store; absent under the "pg" profile (PostgreSQL). */
    private static Optional<Path> embeddedMetadata(Path dataDir) {
        String profile = System.getProperty("quarkus.profile", System.getenv().getOrDefault("QUARKUS_PROFILE", ""));
        return Arrays.asList(profile.split(",")).contains("pg")
                ? Optional.empty()
                : Optional.of(dataDir.resolve("metadata.mv.db"));
    }

    /** Whether this node has the lake ({@code sluice.lake.enabled}, {@code SLUICE_LAKE_ENABLED}; default true). */
    private static boolean lakeEnabled() {
        return !"false"
                .equalsIgnoreCase(System.getProperty("sluice.lake.enabled", System.getenv("SLUICE_LAKE_ENABLED")));
    }

    /** Whether the lake is the PostgreSQL one ({@code sluice.lake.engine=postgres}): then there is no lake file. */
    private static boolean postgresLake() {
        return "postgres"
                .equalsIgnoreCase(ConfigProvider.getConfig()
                        .getOptionalValue("sluice.lake.engine", String.class)
                        .orElse("duckdb")
                        .trim());
    }

    /** The PostgreSQL lake without a url of its own uses the metadata store's database, which must then be PostgreSQL. */
    private static Optional<String> postgresLakeProblem(Optional<Path> embeddedMetadata) {
        boolean ownUrl = ConfigProvider.getConfig()
                .getOptionalValue("sluice.lake.postgres.url", String.class)
                .filter(u -> !u.isBlank())
                .isPresent();
        return Preflight.postgresLakeProblem(lakeEnabled() && postgresLake(), ownUrl, embeddedMetadata.isPresent());
    }

    /** The lake's DuckDB file, as {@code sluice.lake.file} configures it (default: lake.duckdb in the data directory). */
    private static Path lakeFile(Path dataDir) {
        String configured = System.getProperty("sluice.lake.file", System.getenv("SLUICE_LAKE_FILE"));
        return configured == null
                ? dataDir.resolve("lake.duckdb")
                : Path.of(configured).toAbsolutePath().normalize();
    }

    private static FileLock lock(Path dataDir) {
        Path file = dataDir.resolve("sluice.lock");
        try {
            Files.createDirectories(dataDir);
            FileChannel channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                String holder = Files.readString(file, StandardCharsets.UTF_8).trim();
                System.err.println("Sluice cannot start: the data directory " + dataDir
                        + " is in use by another Sluice process" + (holder.isEmpty() ? "" : " (" + holder + ")")
                        + ". Stop that process, or set SLUICE_DATA_DIR to another directory.");
                System.exit(1);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8)));
            return lock;
        } catch (IOException e) {
            System.err.println("Sluice cannot start: cannot use the data directory " + dataDir + " (" + IoReason.of(e)
                    + "). Set SLUICE_DATA_DIR to a directory this user can write.");
            System.exit(1);
            return null;
        }
    }

    private static void release(FileLock lock) {
        try {
            lock.release();
            lock.channel().close();
        } catch (IOException e) {
            // the lock goes with the process anyway
        }
    }
}
