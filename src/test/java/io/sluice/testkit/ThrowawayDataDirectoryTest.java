package io.sluice.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.runtime.LaunchMode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which data directory the test kit deletes when the test JVM exits, and that it deletes it whole. That the directories
 * of a project's test run are gone after {@code ./mvnw package} is {@code io.sluice.it.ScaffoldIT}'s part.
 */
class ThrowawayDataDirectoryTest {

    private static final String UUID = "0f5a1c2e-9b22-4e3a-8c7d-507c3f9a1c2e";

    @TempDir
    Path temp;

    @Test
    void onlyATestApplicationsDirectoryNamedAfterItsOwnUuidIsDeleted() {
        Path perRun = Path.of("target/test-data", UUID);
        assertThat(ThrowawayDataDirectory.of(LaunchMode.TEST, perRun, UUID, false))
                .contains(perRun.toAbsolutePath().normalize());
        assertThat(ThrowawayDataDirectory.of(LaunchMode.TEST, perRun, UUID, true))
                .as("sluice.testkit.keep-data=true keeps it")
                .isEmpty();
        assertThat(ThrowawayDataDirectory.of(LaunchMode.TEST, Path.of("./data"), UUID, false))
                .as("a test profile's own directory is not a throwaway one")
                .isEmpty();
        assertThat(ThrowawayDataDirectory.of(LaunchMode.DEVELOPMENT, perRun, UUID, false))
                .isEmpty();
        assertThat(ThrowawayDataDirectory.of(LaunchMode.NORMAL, perRun, UUID, false))
                .isEmpty();
    }

    @Test
    void aDirectoryIsDeletedWithEverythingInIt() throws Exception {
        Path dir = Files.createDirectories(temp.resolve(UUID));
        Files.writeString(Files.createDirectories(dir.resolve("lake.tmp")).resolve("spill"), "x");
        Files.writeString(dir.resolve("metadata.mv.db"), "h2");
        Path outside = Files.writeString(temp.resolve("kept.txt"), "mine");
        Files.createSymbolicLink(dir.resolve("link"), outside);

        ThrowawayDataDirectory.deleteTree(dir);

        assertThat(dir).doesNotExist();
        assertThat(outside).as("a link is deleted, not what it points at").hasContent("mine");
    }
}
