package io.sluice.runs;

import java.util.List;
import java.util.Map;

/** The status of every partition of an asset, range-compressed: consecutive partitions with one status form a range. */
public record PartitionStatusView(String asset, long total, Map<PartitionState, Long> counts, List<Range> ranges) {

    public record Range(PartitionState status, String start, String end, long count) {}
}
