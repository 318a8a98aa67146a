package io.sluice.partitions;

import java.util.AbstractList;
import java.util.RandomAccess;

/** The keys of a set of indexes of a space, computed as they are read; nothing is copied. */
final class KeyView extends AbstractList<String> implements RandomAccess {

    private final PartitionSpace space;
    private final IndexRanges indexes;

    KeyView(PartitionSpace space, IndexRanges indexes) {
        this.space = space;
        this.indexes = indexes;
    }

    @Override
    public String get(int i) {
        return space.keyAt(indexes.nth(i));
    }

    @Override
    public int size() {
        return Math.toIntExact(indexes.count());
    }
}
