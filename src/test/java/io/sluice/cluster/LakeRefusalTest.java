package io.sluice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one line a node refused for its lake prints: who writes the cluster's lake, why, and what to do. */
class LakeRefusalTest {

    private static final Node A = Node.starting(
            "a-id", "a", "host-a", "/srv/sluice/data", 4242, "1", true, 4, Instant.EPOCH, Duration.ofSeconds(30));

    @Test
    void anotherLakeNamesTheLakeNodeAndTheWaysOut() {
        String line = LakeRefusal.line(
                Optional.of(A), "3f2a9c1e-0000-4000-8000-000000000000", "77777777-0000", "/data/lake.duckdb");

        assertThat(line)
                .isEqualTo("node a (host-a, /srv/sluice/data) executes runs that write this cluster's lake (3f2a9c1e…);"
                        + " this node's lake file /data/lake.duckdb is another one, and two lakes would split the data."
                        + " Start this node with SLUICE_LAKE_ENABLED=false (it then runs only assets without a lake"
                        + " table and serves the API and pages), or SLUICE_RUNS_EXECUTE=false, or run it where a's data"
                        + " directory is.");
        assertThat(line).doesNotContain("\n");
    }

    @Test
    void aCopyOfTheLakeIsNamedSo() {
        assertThat(LakeRefusal.line(Optional.of(A), "same", "same", "/copy/lake.duckdb"))
                .contains("/copy/lake.duckdb carries the same id (a copy), and two copies would split the data");
    }

    @Test
    void aLakeNoNodeHoldsNowIsStillTheClustersLake() {
        assertThat(LakeRefusal.line(Optional.empty(), "3f2a9c1e-x", "other", "/data/lake.duckdb"))
                .startsWith("the runs of this cluster write this cluster's lake (3f2a9c1e…);")
                .contains("where the lake node's data directory is");
    }

    @Test
    void aSharedLakeWhileTheClusterWritesAnotherSaysHowToMove() {
        String line = LakeRefusal.sharedLine(
                Optional.of(A), "3f2a9c1e-0000-4000", "99999999-0000", "the PostgreSQL lake (schema lake)");
        assertThat(line)
                .startsWith(
                        "node a (host-a, /srv/sluice/data) writes this cluster's lake (3f2a9c1e…); this node's lake,"
                                + " the PostgreSQL lake (schema lake) (99999999…), is another one, and two lakes would split"
                                + " the data.")
                .contains("sluice.lake.engine")
                .contains("docs/operations.md#several-nodes")
                .doesNotContain("\n");
    }
}
