package io.sluice.testkit;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Deletes the throwaway data directory of each Quarkus test application ({@code %test.sluice.data-dir}, by default
 * {@code target/test-data/<quarkus.uuid>}: its H2 metadata store and DuckDB lake) when the test JVM exits, after every
 * application it started has stopped and closed its files. Only a directory named after the application's own
 * {@code quarkus.uuid} is deleted, so a test profile pointed at a directory of its own keeps it; so does
 * {@code sluice.testkit.keep-data=true}, to look at what a failed test left.
 */
@ApplicationScoped
class ThrowawayDataDirectory {

    /** The directories to delete at exit; per class loader, as each test application has one. */
    private static final AtExit AT_EXIT = new AtExit();

    private static boolean hooked;

    void onStart(
            @Observes StartupEvent event,
            @ConfigProperty(name = "sluice.data-dir") String dataDir,
            @ConfigProperty(name = "quarkus.uuid") String uuid,
            @ConfigProperty(name = "sluice.testkit.keep-data", defaultValue = "false") boolean keep) {
        of(LaunchMode.current(), Path.of(dataDir), uuid, keep).ifPresent(ThrowawayDataDirectory::deleteAtExit);
    }

    /** The directory to delete at exit: a test application's data directory named after its own uuid, unless kept. */
    static Optional<Path> of(LaunchMode mode, Path dataDir, String uuid, boolean keep) {
        Path name = dataDir.getFileName();
        if (mode != LaunchMode.TEST
                || keep
                || name == null
                || uuid == null
                || !name.toString().equals(uuid)) {
            return Optional.empty();
        }
        return Optional.of(dataDir.toAbsolutePath().normalize());
    }

    private static synchronized void deleteAtExit(Path dir) {
        AT_EXIT.directories.add(dir);
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(AT_EXIT);
            hooked = true;
        }
    }

    /**
     * The shutdown hook. It runs after the test application's class loader was closed, so it is loaded (with what it
     * calls) when it is registered and uses only the JDK.
     */
    private static final class AtExit extends Thread {

        final Set<Path> directories = ConcurrentHashMap.newKeySet();

        AtExit() {
            super("sluice-test-data-cleanup");
        }

        @Override
        public void run() {
            for (Path dir : directories) {
                deleteTree(dir);
            }
        }
    }

    /** Deletes a directory and everything in it, symbolic links as links; what cannot be deleted stays. */
    static void deleteTree(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) { // children before their directory
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a file still held open, or a directory not empty because of it: leave it
                }
            }
        } catch (IOException e) {
            // the tree changed under the walk: what is left stays
        }
    }
}
