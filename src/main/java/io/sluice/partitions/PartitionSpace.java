package io.sluice.partitions;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The partitions of one definition that exist at one instant, addressed by index {@code 0..size()-1} in key
 * order: a consistent snapshot, so that subsets and mappings can work on index ranges instead of key strings.
 * Time windows keep their index as time passes ({@link TimeWindowSpace}); dynamic keys are indexed as the
 * lookup listed them when the snapshot was taken.
 */
public sealed interface PartitionSpace permits TimeWindowSpace, KeyListSpace, MultiSpace {

    PartitionsDefinition definition();

    long size();

    /** The key of partition {@code index}; {@link IndexOutOfBoundsException} outside {@code [0, size())}. */
    String keyAt(long index);

    OptionalLong indexOf(String key);

    /** An error message a user can act on, or empty if {@code key} is an existing partition. */
    Optional<String> validate(String key);

    /** Every key in index order, computed as it is read (no copy is made). */
    default List<String> keys() {
        return new KeyView(this, IndexRanges.of(0, size()));
    }

    default PartitionSubset all() {
        return new PartitionSubset(this, IndexRanges.of(0, size()));
    }

    default PartitionSubset empty() {
        return new PartitionSubset(this, IndexRanges.empty());
    }

    default PartitionSubset subset(IndexRanges ranges) {
        return new PartitionSubset(this, ranges);
    }

    /** The partitions with these keys; {@link IllegalArgumentException} with the validation message for a key that does not exist. */
    default PartitionSubset subset(Collection<String> keys) {
        IndexRanges.Builder builder = IndexRanges.builder();
        for (String key : keys) {
            builder.add(require(key));
        }
        return subset(builder.build());
    }

    /** The partitions from {@code range.start()} to {@code range.end()}, both included. */
    default PartitionSubset subset(PartitionKeyRange range) {
        long first = require(range.start());
        long last = require(range.end());
        if (last < first) {
            throw new IllegalArgumentException("partition range " + range + " goes backwards");
        }
        return subset(IndexRanges.of(first, last + 1));
    }

    private long require(String key) {
        OptionalLong index = indexOf(key);
        if (index.isEmpty()) {
            throw new IllegalArgumentException(validate(key).orElse("'" + key + "' is not a partition"));
        }
        return index.getAsLong();
    }
}
