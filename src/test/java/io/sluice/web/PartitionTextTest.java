package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.partitions.PartitionKeyRange;
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
    void aRunsPartitionsAreShownAsRanges() {
        assertThat(PartitionText.compact(
                        DAYS.get()
                                .at(NOW)
                                .subset(new PartitionKeyRange("2001-01-01", "2024-12-31"))
                                .keys(),
                        DAYS,
                        NOW))
                .containsExactly("2001-01-01...2024-12-31 (8766)");
        assertThat(PartitionText.compact(List.of("2024-03-05", "2024-03-01", "2024-03-02"), DAYS, NOW))
                .containsExactly("2024-03-01...2024-03-02 (2)", "2024-03-05");
        List<String> unknown = IntStream.range(0, 25).mapToObj(i -> "gone-" + i).toList();
        assertThat(PartitionText.compact(unknown, DAYS, NOW)).hasSize(21).endsWith("and 5 more");
    }
}
