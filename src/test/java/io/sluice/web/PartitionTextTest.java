package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PartitionTextTest {

    private static final Optional<PartitionsDefinition> DAYS =
            Optional.of(TimeWindowPartitions.daily(LocalDate.of(2001, 1, 1)));
    private static final Instant NOW = Instant.parse("2025-01-01T12:00:00Z");

    @Test
    void keysAndRangesExpandInTheOrderGiven() {
        assertThat(PartitionText.expand("2024-12-31, 2001-01-30...2001-02-02 2010-05-05", DAYS, NOW))
                .containsExactly("2024-12-31", "2001-01-30", "2001-01-31", "2001-02-01", "2001-02-02", "2010-05-05");
        assertThat(PartitionText.expand("2001-01-01...2024-12-31", DAYS, NOW))
                .hasSize(8766)
                .endsWith("2024-12-31");
        assertThat(PartitionText.expand("  ", DAYS, NOW)).isEmpty();
    }

    @Test
    void aBadRangeIsNamedWithTheReason() {
        assertThatThrownBy(() -> PartitionText.expand("2024-12-31...2024-01-01", DAYS, NOW))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("range 2024-12-31...2024-01-01")
                .hasMessageContaining("backwards");
        assertThatThrownBy(() -> PartitionText.expand("2000-01-01...2000-01-05", DAYS, NOW))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("range 2000-01-01...2000-01-05");
        assertThatThrownBy(() -> PartitionText.expand("2001-01-01...2001-01-05", Optional.empty(), NOW))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("none of the selected assets is partitioned");
    }

    @Test
    void aRunsPartitionsAreShownAsRanges() {
        assertThat(PartitionText.compact(PartitionText.expand("2001-01-01...2024-12-31", DAYS, NOW), DAYS, NOW))
                .containsExactly("2001-01-01...2024-12-31 (8766)");
        assertThat(PartitionText.compact(List.of("2024-03-05", "2024-03-01", "2024-03-02"), DAYS, NOW))
                .containsExactly("2024-03-01...2024-03-02 (2)", "2024-03-05");
        List<String> unknown = IntStream.range(0, 25).mapToObj(i -> "gone-" + i).toList();
        assertThat(PartitionText.compact(unknown, DAYS, NOW)).hasSize(21).endsWith("and 5 more");
    }
}
