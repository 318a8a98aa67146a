package io.sluice.partitions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;

/**
 * Maps multi-dimensional partitions dimension by dimension. A range of a mixed-radix index space splits into
 * a few boxes (products of one index range per dimension); each box maps exactly to the product of its
 * dimensions' mapped subsets, so a mapping of 100,000 dates times 10 regions costs a handful of range
 * operations. A single-dimensional space counts as one dimension.
 */
final class ProductMapping {

    /** Target dimension {@code j} is mapped from source dimension {@code source} by {@code mapping}; {@code source < 0}: all of it. */
    record Link(int source, PartitionMapping mapping) {
        static Link all() {
            return new Link(-1, null);
        }
    }

    private ProductMapping() {}

    /** {@code links.get(j)} maps upstream dimension {@code j} from a downstream dimension. */
    static MappedPartitions upstreamOf(List<Link> links, PartitionSubset downstream, PartitionSpace upstream) {
        Dimensions from = new Dimensions(downstream.space());
        Dimensions to = new Dimensions(upstream);
        Map<String, MappedPartitions> memo = new HashMap<>();
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges.Builder incomplete = IndexRanges.builder();
        for (long[][] box : from.boxes(downstream.ranges())) {
            IndexRanges[] product = new IndexRanges[to.count()];
            for (int j = 0; j < to.count(); j++) {
                Link link = links.get(j);
                if (link.source() < 0) {
                    product[j] = IndexRanges.of(0, to.space(j).size());
                    continue;
                }
                long[] range = box[link.source()];
                PartitionSpace target = to.space(j);
                MappedPartitions mapped = memo.computeIfAbsent(
                        j + ":" + range[0] + ":" + range[1],
                        k -> link.mapping()
                                .upstreamOf(
                                        from.space(link.source()).subset(IndexRanges.of(range[0], range[1])), target));
                product[j] = mapped.partitions().ranges();
                from.compose(replaced(box, link.source(), mapped.incomplete().ranges()), incomplete);
            }
            to.compose(product, found);
        }
        return new MappedPartitions(
                upstream.subset(found.build()), downstream.space().subset(incomplete.build()));
    }

    /** The inverse of {@link #upstreamOf}, with the same links. */
    static MappedPartitions downstreamOf(List<Link> links, PartitionSubset upstream, PartitionSpace downstream) {
        Dimensions from = new Dimensions(upstream.space());
        Dimensions to = new Dimensions(downstream);
        Map<String, MappedPartitions> memo = new HashMap<>();
        IndexRanges.Builder found = IndexRanges.builder();
        IndexRanges.Builder incomplete = IndexRanges.builder();
        for (long[][] box : from.boxes(upstream.ranges())) {
            IndexRanges[] product = new IndexRanges[to.count()];
            for (int i = 0; i < to.count(); i++) {
                product[i] = IndexRanges.of(0, to.space(i).size());
            }
            for (int j = 0; j < from.count(); j++) {
                Link link = links.get(j);
                if (link.source() < 0) {
                    continue;
                }
                long[] range = box[j];
                PartitionSpace source = from.space(j);
                MappedPartitions mapped = memo.computeIfAbsent(
                        j + ":" + range[0] + ":" + range[1],
                        k -> link.mapping()
                                .downstreamOf(
                                        source.subset(IndexRanges.of(range[0], range[1])), to.space(link.source())));
                product[link.source()] =
                        product[link.source()].intersect(mapped.partitions().ranges());
                from.compose(replaced(box, j, mapped.incomplete().ranges()), incomplete);
            }
            to.compose(product, found);
        }
        return new MappedPartitions(
                downstream.subset(found.build()), upstream.space().subset(incomplete.build()));
    }

    private static IndexRanges[] replaced(long[][] box, int dimension, IndexRanges ranges) {
        IndexRanges[] out = new IndexRanges[box.length];
        for (int i = 0; i < box.length; i++) {
            out[i] = i == dimension ? ranges : IndexRanges.of(box[i][0], box[i][1]);
        }
        return out;
    }

    /** The dimensions of a space and its mixed-radix strides (first dimension most significant). */
    private static final class Dimensions {
        private final List<PartitionSpace> spaces = new ArrayList<>();
        private final long[] strides;

        Dimensions(PartitionSpace space) {
            if (space instanceof MultiSpace multi) {
                for (int i = 0; i < multi.dimensionCount(); i++) {
                    spaces.add(multi.dimension(i));
                }
            } else {
                spaces.add(space);
            }
            strides = new long[spaces.size()];
            long stride = 1;
            for (int i = spaces.size() - 1; i >= 0; i--) {
                strides[i] = stride;
                stride *= spaces.get(i).size();
            }
        }

        int count() {
            return spaces.size();
        }

        PartitionSpace space(int i) {
            return spaces.get(i);
        }

        /** Each range split into boxes: one {@code [lo, hi)} per dimension. */
        List<long[][]> boxes(IndexRanges ranges) {
            List<long[][]> out = new ArrayList<>();
            for (int i = 0; i < ranges.rangeCount(); i++) {
                split(ranges.rangeStart(i), ranges.rangeEnd(i), 0, new long[count()][], out);
            }
            return out;
        }

        private void split(long start, long end, int dimension, long[][] fixed, List<long[][]> out) {
            if (start >= end) {
                return;
            }
            long stride = strides[dimension];
            if (dimension == count() - 1) {
                out.add(box(fixed, dimension, start, end));
                return;
            }
            long firstWhole = Math.floorDiv(start + stride - 1, stride);
            long endWhole = Math.floorDiv(end, stride);
            if (firstWhole > endWhole) {
                long block = start / stride;
                split(start - block * stride, end - block * stride, dimension + 1, with(fixed, dimension, block), out);
                return;
            }
            if (start < firstWhole * stride) {
                long block = start / stride;
                split(start - block * stride, stride, dimension + 1, with(fixed, dimension, block), out);
            }
            if (firstWhole < endWhole) {
                out.add(box(fixed, dimension, firstWhole, endWhole));
            }
            if (endWhole * stride < end) {
                split(0, end - endWhole * stride, dimension + 1, with(fixed, dimension, endWhole), out);
            }
        }

        private long[][] with(long[][] fixed, int dimension, long block) {
            long[][] copy = fixed.clone();
            copy[dimension] = new long[] {block, block + 1};
            return copy;
        }

        /** The box of {@code fixed} dimensions before {@code dimension}, {@code [lo, hi)} in it, and everything after. */
        private long[][] box(long[][] fixed, int dimension, long lo, long hi) {
            long[][] box = fixed.clone();
            box[dimension] = new long[] {lo, hi};
            for (int i = dimension + 1; i < count(); i++) {
                box[i] = new long[] {0, spaces.get(i).size()};
            }
            return box;
        }

        /** Adds the product of one index set per dimension to {@code out}, as few ranges as the trailing full dimensions allow. */
        void compose(IndexRanges[] parts, IndexRanges.Builder out) {
            for (IndexRanges part : parts) {
                if (part.isEmpty()) {
                    return;
                }
            }
            int last = count() - 1;
            while (last > 0 && parts[last].count() == spaces.get(last).size()) {
                last--;
            }
            emit(parts, 0, last, 0, out);
        }

        private void emit(IndexRanges[] parts, int dimension, int last, long base, IndexRanges.Builder out) {
            if (dimension == last) {
                IndexRanges ranges = parts[dimension];
                for (int r = 0; r < ranges.rangeCount(); r++) {
                    out.add(
                            base + ranges.rangeStart(r) * strides[dimension],
                            base + ranges.rangeEnd(r) * strides[dimension]);
                }
                return;
            }
            for (PrimitiveIterator.OfLong it = parts[dimension].iterator(); it.hasNext(); ) {
                emit(parts, dimension + 1, last, base + it.nextLong() * strides[dimension], out);
            }
        }
    }
}
