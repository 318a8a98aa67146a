package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The validation row of StagingSql, read by name: which column means what, and a row of the wrong shape refused. */
class ValidationTest {

    @Test
    void aRowWithRepeatsAndTheSystemTimeReadsByName() {
        Validation v = Validation.of(
                Arrays.asList(7L, null, "conflicting rows for key (1) on 2024-01-01", true, 1_700_000_000_000_001L),
                Validation.Extra.REPEATED_KEYS,
                true);
        assertThat(v.rowsIn()).isEqualTo(7);
        assertThat(v.problem()).contains("conflicting rows for key (1) on 2024-01-01");
        assertThat(v.repeatedKeys()).isTrue();
        assertThat(v.valueIdsCollide()).isFalse();
        assertThat(v.systemTime()).contains(Instant.parse("2023-11-14T22:13:20.000001Z"));
    }

    @Test
    void aRowProblemComesBeforeAConflictAndAPlainRowHasNoExtraNorTime() {
        Validation v =
                Validation.of(Arrays.asList(3L, StagingSql.UNEXPLAINED, "conflict"), Validation.Extra.NONE, false);
        assertThat(v.problem()).contains(StagingSql.UNEXPLAINED);
        assertThat(v.repeatedKeys()).isFalse();
        assertThat(v.systemTime()).isEmpty();
        assertThat(Validation.of(Arrays.asList(0L, null, null, false, 0L), Validation.Extra.VALUE_ID_COLLISION, true)
                        .problem())
                .isEmpty();
    }

    @Test
    void aRowOfAnotherShapeIsRefused() {
        assertThatThrownBy(() -> Validation.of(List.of(1L, 2L, 3L), Validation.Extra.REPEATED_KEYS, true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("has 3 columns, expected 5");
    }
}
