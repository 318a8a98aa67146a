package io.sluice.runs.execute;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class RolledBackPartitionsTest {

    private final PartitionSpace days =
            TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1)).at(Instant.parse("2024-01-11T00:00:00Z"));

    @Test
    void partitionsHeldBeforeAndNotAfterAreMissingAndThoseHeldOnlyAfterAreMaterialized() {
        RolledBackPartitions changed = RolledBackPartitions.of(
                days,
                List.of("2024-01-01", "2024-01-02...2024-01-05", "2024-01-09"),
                List.of("2024-01-01", "2024-01-04", "2024-01-07...2024-01-08"));
        assertThat(changed.missing()).containsExactly("2024-01-02", "2024-01-03", "2024-01-05", "2024-01-09");
        assertThat(changed.materialized()).containsExactly("2024-01-07", "2024-01-08");
    }

    @Test
    void partitionsNotInTheAssetsPartitionsNowAreLeftOut() {
        RolledBackPartitions changed = RolledBackPartitions.of(
                days, List.of("2023-12-31", "2024-02-01", "2024-01-10...2024-03-01", "junk"), List.of());
        assertThat(changed.missing()).isEmpty();
        assertThat(changed.materialized()).isEmpty();
    }
}
