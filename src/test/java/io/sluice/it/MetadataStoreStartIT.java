package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start-up waits for, or names in one line, whatever holds the embedded metadata store (the packaged jar on H2):
 * <ul>
 *   <li>after a kill in the middle of a large metadata transaction, opening the file takes H2 a long time (it rolls the
 *   transaction back first), longer than the connection pool's 5 s: start-up waits, says so, and serves;</li>
 *   <li>a second Sluice on the same data directory stops at once with one line naming the first one's process;</li>
 *   <li>another process holding the H2 file (here an H2 client) stops the start with one line naming it.</li>
 * </ul>
 */
class MetadataStoreStartIT {

    /** Rows of the transaction killed before its commit: about 60 MB of H2 file, half a minute to roll back on 2 cores. */
    private static final int ROWS = Integer.getInteger("it.uncommitted-rows", 600_000);

    @TempDir
    Path data;

    private SluiceServer server;
    private final List<Process> others = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (Process p : others) {
            p.destroyForcibly().waitFor();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aStartAfterAKillInALargeTransactionWaitsForTheStoreAndServes() throws Exception {
        server = new SluiceServer("h2", data);
        server.start("first.log");
        server.kill();
        Process filler = filler(ROWS);
        filler.destroyForcibly().waitFor(); // killed before its commit, as Sluice in a large rollback was
        long size = Files.size(data.resolve("metadata.mv.db"));

        server.start("second.log");

        assertThat(server.get("/api/schedules").isArray()).isTrue();
        String log = Files.readString(server.log("second.log"));
        assertThat(log).as("the metadata file was %,d bytes", size).doesNotContain("Acquisition timeout");
        log.lines().filter(l -> l.startsWith("Sluice: ")).forEach(System.out::println); // the wait, as it was said
    }

    @Test
    void aSecondSluiceOnTheSameDataDirectoryStopsWithOneLineNamingTheFirst() throws Exception {
        server = new SluiceServer("h2", data);
        Process first = server.start("first.log");
        SluiceServer second = new SluiceServer("h2", data);
        Throwable refused = catchThrowable(() -> second.start("second.log"));
        second.close();

        assertThat(refused).isNotNull();
        List<String> lines = Files.readAllLines(data.resolve("second.log"));
        assertThat(lines)
                .filteredOn(l -> l.startsWith("Sluice cannot start"))
                .singleElement()
                .satisfies(l -> assertThat(l)
                        .contains("in use by another Sluice process")
                        .contains("pid " + first.pid()));
        assertThat(lines).noneMatch(l -> l.contains("Exception"));
        assertThat(server.get("/api/schedules").isArray())
                .as("the first one serves on")
                .isTrue();
    }

    @Test
    void anotherProcessHoldingTheMetadataFileIsNamedInOneLine() throws Exception {
        server = new SluiceServer("h2", data);
        server.start("first.log");
        server.kill();
        Process holder = filler(0);

        Throwable refused = catchThrowable(() -> server.start("second.log"));

        assertThat(refused).isNotNull();
        List<String> lines = Files.readAllLines(data.resolve("second.log"));
        assertThat(lines)
                .filteredOn(l -> l.startsWith("Sluice cannot start"))
                .singleElement()
                .satisfies(l -> assertThat(l)
                        .contains("metadata store")
                        .contains("in use by another process")
                        .contains("pid " + holder.pid())
                        .contains(UncommittedFiller.class.getName()));
        assertThat(lines).noneMatch(l -> l.contains("Exception") || l.contains("\tat "));
    }

    /** Starts {@link UncommittedFiller} on the data directory and waits until it holds the file. */
    private Process filler(int rows) throws Exception {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx1g",
                        "-cp",
                        System.getProperty("java.class.path"),
                        UncommittedFiller.class.getName(),
                        data.toString(),
                        Integer.toString(rows))
                .redirectErrorStream(true)
                .start();
        others.add(p);
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        String line;
        while ((line = out.readLine()) != null) {
            if (line.equals("holding")) {
                return p;
            }
            assertThat(System.nanoTime())
                    .as("the filler is still writing: " + line)
                    .isLessThan(deadline);
        }
        assertThat(p.waitFor(1, TimeUnit.SECONDS)).isTrue();
        throw new AssertionError("the filler ended without holding the file, status " + p.exitValue());
    }
}
