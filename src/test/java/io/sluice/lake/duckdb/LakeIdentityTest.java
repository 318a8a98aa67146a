package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.InstantSource;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A lake file carries one id, made at its first open and kept across opens; another file has another one. */
class LakeIdentityTest {

    @TempDir
    Path dir;

    @Test
    void aLakeKeepsItsIdAcrossOpensAndAnotherFileHasItsOwn() throws Exception {
        Path file = dir.resolve("lake.duckdb");
        DuckDbLake first = TestLakes.open(file, InstantSource.system());
        String id = first.identity();
        first.close(null);

        DuckDbLake again = TestLakes.open(file, InstantSource.system());
        try {
            assertThat(UUID.fromString(id)).isNotNull();
            assertThat(again.identity()).isEqualTo(id);
            assertThat(again.forRun("r1").identity()).as("as a run sees it").isEqualTo(id);
            long rows = again.read(s -> s.queryLong("SELECT COUNT(*) FROM " + LakeIdentity.TABLE));
            assertThat(rows).isEqualTo(1);
        } finally {
            again.close(null);
        }

        DuckDbLake other = TestLakes.open(dir.resolve("other.duckdb"), InstantSource.system());
        try {
            assertThat(other.identity()).isNotEqualTo(id);
        } finally {
            other.close(null);
        }
    }
}
