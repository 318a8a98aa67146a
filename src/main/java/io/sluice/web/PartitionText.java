package io.sluice.web;

import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionsDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Partitions as people read and type them: the launch form's field takes keys and ranges {@code first...last}
 * (both included), separated by commas or spaces, so that 24 years of days is one line (checked and expanded by
 * {@code PartitionSelection} as the API's ranges are); and a run's partitions are shown back as ranges, not as 8,766
 * keys.
 */
final class PartitionText {

    static final String RANGE = "...";

    /** Keys shown one by one when they cannot be placed in the definition (a dynamic key since deleted). */
    static final int MAX_LISTED = 20;

    private PartitionText() {}

    /** The keys and ranges typed, separated by commas or spaces. */
    static List<String> tokens(String text) {
        return text == null || text.isBlank()
                ? List.of()
                : Arrays.stream(text.split("[,\\s]+")).filter(s -> !s.isBlank()).toList();
    }

    /** A token {@code first...last} as a range; empty for a single key. */
    static Optional<PartitionKeyRange> range(String token) {
        int dots = token.indexOf(RANGE);
        return dots < 0
                ? Optional.empty()
                : Optional.of(new PartitionKeyRange(token.substring(0, dots), token.substring(dots + RANGE.length())));
    }

    /** The keys as ranges {@code first...last (n)} and single keys, in the definition's order. */
    static List<String> compact(List<String> keys, Optional<PartitionsDefinition> definition, Instant now) {
        if (keys.isEmpty()) {
            return List.of();
        }
        try {
            PartitionSpace space = definition.orElseThrow().at(now);
            return space.subset(keys).keyRanges().stream()
                    .map(r -> r.start().equals(r.end())
                            ? r.start()
                            : r.start() + RANGE + r.end() + " ("
                                    + (space.indexOf(r.end()).orElseThrow()
                                            - space.indexOf(r.start()).orElseThrow()
                                            + 1)
                                    + ")")
                    .toList();
        } catch (RuntimeException e) {
            List<String> listed = new ArrayList<>(keys.subList(0, Math.min(keys.size(), MAX_LISTED)));
            if (keys.size() > MAX_LISTED) {
                listed.add("and " + (keys.size() - MAX_LISTED) + " more");
            }
            return listed;
        }
    }
}
