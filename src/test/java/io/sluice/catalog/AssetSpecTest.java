package io.sluice.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.WriteMode;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class AssetSpecTest {

    private static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));

    @Test
    void aPartitionedAssetMayProcessRanges() {
        AssetSpec<AssetSpec.NoConfig> spec = AssetSpec.builder("a/days")
                .partitions(DAYS)
                .processesRanges()
                .table("days", WriteMode.append("load_id"))
                .build();
        assertThat(spec.processesRanges()).isTrue();
        assertThat(AssetSpec.builder("a/days").partitions(DAYS).build().processesRanges())
                .as("one partition at a time by default")
                .isFalse();
    }

    @Test
    void rangesNeedPartitions() {
        assertThatThrownBy(() -> AssetSpec.builder("a/plain").processesRanges().build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a/plain processes partition ranges but is not partitioned");
    }

    @Test
    void rangesCannotBeWrittenByPartitionOverwrite() {
        assertThatThrownBy(() -> AssetSpec.builder("a/days")
                        .partitions(DAYS)
                        .processesRanges()
                        .table("days", WriteMode.partitionOverwrite("day"))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PARTITION_OVERWRITE replaces one partition per write");
    }

    @Test
    void aPartitionRangeNamesItsEnds() {
        assertThat(PartitionRange.of("2024-01-01")).hasToString("2024-01-01");
        assertThat(new PartitionRange(List.of("2024-01-01", "2024-01-02", "2024-01-03")))
                .hasToString("2024-01-01...2024-01-03");
        assertThatThrownBy(() -> new PartitionRange(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
