package io.sluice.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShortIdsTest {

    private static final String A = "019b2c3d-0000-7000-8000-00003b6397fd";
    private static final String B = "019b2c3d-0000-7000-8000-11113b6397fd";
    private static final String C = "019b2c3d-0000-7000-8000-222200001234";

    private static final ShortIds.Lookup STORE = (suffix, limit) -> List.of(A, B, C).stream()
            .filter(id -> id.endsWith(suffix))
            .limit(limit)
            .toList();

    private static String resolve(String typed) {
        return ShortIds.resolve("id", "run", typed, STORE);
    }

    @Test
    void theEndOfOneIdIsThatIdInAnyCase() {
        assertThat(resolve("00001234")).isEqualTo(C);
        assertThat(resolve(" 1234 ")).isEqualTo(C);
        assertThat(resolve("00003B6397FD")).isEqualTo(A);
        assertThat(resolve("8000-222200001234")).isEqualTo(C);
    }

    @Test
    void aWholeIdOrOneNoIdIsWrittenLikeIsTakenAsItIs() {
        assertThat(resolve(A)).isEqualTo(A);
        assertThat(resolve("bench-run-000001")).isEqualTo("bench-run-000001");
    }

    @Test
    void theEndOfSeveralIdsIsRefusedNamingThem() {
        assertThatThrownBy(() -> resolve("3b6397fd"))
                .isInstanceOf(RequestRejected.Invalid.class)
                .hasMessageContaining("'3b6397fd' is the end of the ids of 2 runs")
                .satisfies(e -> assertThat(((RequestRejected) e).candidates()).containsExactly(A, B))
                .satisfies(e -> assertThat(((RequestRejected) e).field()).isEqualTo("id"));
    }

    @Test
    void theEndOfNoIdOrTooShortAnEndIsNotFound() {
        assertThatThrownBy(() -> resolve("ffffffff"))
                .isInstanceOf(RequestRejected.NotFound.class)
                .hasMessageContaining("no run has an id that ends with 'ffffffff'");
        assertThatThrownBy(() -> resolve("fd"))
                .isInstanceOf(RequestRejected.NotFound.class)
                .hasMessageContaining("at least its last 4 characters");
    }
}
