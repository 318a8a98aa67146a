package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.catalog.PartitionRange;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PartitionUnitsTest {

    private static final PartitionSpace DAYS =
            TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).at(Instant.parse("2024-03-01T00:00:00Z"));

    private static List<String> units(boolean partitioned, boolean ranges, String... partitions) {
        return PartitionUnits.of(partitioned, ranges, List.of(partitions), DAYS).stream()
                .map(u -> u.map(PartitionRange::toString).orElse("-"))
                .toList();
    }

    @Test
    void anUnpartitionedAssetIsOneUnitWithoutRange() {
        assertThat(PartitionUnits.of(false, false, List.of(), DAYS)).containsExactly(Optional.empty());
    }

    @Test
    void anAssetThatTakesOnePartitionAtATimeGetsEachInTheRunsOrder() {
        assertThat(units(true, false, "2024-01-03", "2024-01-01", "2024-01-02"))
                .containsExactly("2024-01-03", "2024-01-01", "2024-01-02");
    }

    @Test
    void anAssetThatProcessesRangesGetsEachContiguousRangeOnceInPartitionOrder() {
        assertThat(units(
                        true, true, "2024-01-05", "2024-01-02", "2024-01-01", "2024-01-03", "2024-01-07", "2024-01-02"))
                .containsExactly("2024-01-01...2024-01-03", "2024-01-05", "2024-01-07");
        List<Optional<PartitionRange>> all = PartitionUnits.of(true, true, DAYS.keys(), DAYS);
        assertThat(all).hasSize(1);
        assertThat(all.get(0).orElseThrow().size()).isEqualTo(60);
        assertThat(all.get(0).orElseThrow().last()).isEqualTo("2024-02-29");
    }

    @Test
    void aPartitionOutsideTheDefinitionIsAnError() {
        assertThatThrownBy(() -> units(true, true, "2023-12-31"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2023-12-31");
    }
}
