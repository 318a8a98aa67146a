package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No class of io.sluice.runs (or its subpackages) names a backfill, in identifiers, strings, HQL or comments: what
 * ArchUnit cannot see (an HQL string naming an entity of io.sluice.backfill is no class dependency).
 */
class RunsNameNoBackfillTest {

    @Test
    void noSourceOfRunsSaysBackfill() throws IOException {
        Path runs = Path.of("src/main/java/io/sluice/runs");
        assertThat(runs).isDirectory();
        List<String> hits = new ArrayList<>();
        try (Stream<Path> files = Files.walk(runs)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).toLowerCase(Locale.ROOT).contains("backfill")) {
                        hits.add(runs.relativize(file) + ":" + (i + 1) + ": "
                                + lines.get(i).strip());
                    }
                }
            }
        }
        assertThat(hits).as("lines of io.sluice.runs that name a backfill").isEmpty();
    }
}
