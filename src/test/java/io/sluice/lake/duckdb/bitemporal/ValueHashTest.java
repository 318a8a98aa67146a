package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.ValueHash;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The three test vectors of section 3, computed by DuckDB with the engine's expression. */
class ValueHashTest {

    private static final String HASH = ValueHash.sql(List.of("v1", "v2"), "");

    @Test
    void test_vectors_of_the_spec() throws Exception {
        try (Connection c = Lake.memory()) {
            assertThat(hash(c, "'A'", "'B'")).isEqualTo("685d9b3124d3d6e4e6260e32506211d7");
            assertThat(hash(c, "'a|b'", "NULL")).isEqualTo("384d8d6fc4b93457f713a12ad42db7d9");
            assertThat(hash(c, "'x\\|y'", "'Zürich'")).isEqualTo("aafcb39692a41f2fc198d40bac972c65");
        }
    }

    @Test
    void the_encoding_is_injective_where_naive_concatenation_is_not() throws Exception {
        try (Connection c = Lake.memory()) {
            assertThat(hash(c, "'a|b'", "'c'")).isNotEqualTo(hash(c, "'a'", "'b|c'"));
            assertThat(hash(c, "NULL", "'x'")).isNotEqualTo(hash(c, "'\\N'", "'x'"));
        }
    }

    @Test
    void the_written_value_hash_is_the_spec_hash() throws Exception {
        BitemporalTable t = BitemporalTable.of("h", List.of("k"), List.of("v1", "v2"), "d");
        try (Connection c = Lake.memory()) {
            new BitemporalMerge()
                    .write(
                            c,
                            t,
                            Batch.of(List.of(Batch.entry("k", "1", "v1", "x\\|y", "v2", "Zürich", "d", "2020-01-01"))),
                            Replace.NONE);
            assertThat(Lake.rows(c, "SELECT value_hash FROM h"))
                    .containsExactly(List.of("aafcb39692a41f2fc198d40bac972c65"));
        }
    }

    private static String hash(Connection c, String v1, String v2) throws Exception {
        return Lake.rows(
                        c,
                        "SELECT " + HASH + " FROM (SELECT CAST(" + v1 + " AS VARCHAR) AS v1, CAST(" + v2
                                + " AS VARCHAR) AS v2)")
                .get(0)
                .get(0);
    }
}
