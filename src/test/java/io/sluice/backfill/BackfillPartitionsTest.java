package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.backfill.BackfillPartitions.PartitionStatus;
import io.sluice.runs.RunStatus;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Each partition of a backfill with the status that tells most, in the order of its partitions. */
class BackfillPartitionsTest {

    @Test
    void aFailureShowsOverASuccessAndPartitionsFollowTheirIndex() {
        Map<RunStatus, List<String>> byStatus = Map.of(
                RunStatus.SUCCESS, List.of("2024-01-03", "2024-01-01", "2024-01"),
                RunStatus.FAILURE, List.of("2024-01-03"),
                RunStatus.QUEUED, List.of("2024-01-02"));
        List<PartitionStatus> ordered = BackfillPartitions.ordered(
                byStatus,
                key -> key.length() == 10 ? OptionalLong.of(Integer.parseInt(key.substring(8))) : OptionalLong.empty());
        assertThat(ordered)
                .containsExactly(
                        new PartitionStatus("2024-01-01", RunStatus.SUCCESS),
                        new PartitionStatus("2024-01-02", RunStatus.QUEUED),
                        new PartitionStatus("2024-01-03", RunStatus.FAILURE),
                        // a monthly partition of a downstream asset, not in the daily range: after it
                        new PartitionStatus("2024-01", RunStatus.SUCCESS));
    }
}
