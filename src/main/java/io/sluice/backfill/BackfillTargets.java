package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.runs.Keys;
import io.sluice.runs.PartitionState;
import io.sluice.runs.RequestRejected;
import io.sluice.text.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The partitions a backfill request selects: its ranges and partitions (none: all), optionally only those not
 * materialized. A partition selected twice (two ranges that overlap, a partition inside a range, a partition listed
 * twice) is invalid, naming the second place, as a partition given twice to {@code POST /api/runs} is. Each range is
 * checked against the earlier ones in O(log n) ({@link RangeOverlaps}), so thousands of one-day ranges cost
 * milliseconds, not seconds.
 */
final class BackfillTargets {

    private BackfillTargets() {}

    /** A part of the selection and the request field that gave it. */
    private record Part(String field, PartitionSubset subset) {}

    static PartitionSubset of(
            BackfillRequest request,
            List<AssetKey> assets,
            PartitionSpace space,
            Function<AssetKey, Map<String, String>> outcomes) {
        List<Part> parts = new ArrayList<>(request.ranges().size());
        RangeOverlaps overlaps = new RangeOverlaps();
        for (int i = 0; i < request.ranges().size(); i++) {
            BackfillRequest.Range r = request.ranges().get(i);
            String field = "ranges[" + i + "]";
            if (r == null || r.start() == null || r.end() == null) {
                throw RequestRejected.invalid(field, "a range needs start and end partition keys");
            }
            key(space, field + ".start", r.start());
            key(space, field + ".end", r.end());
            Part part;
            try {
                part = new Part(field, space.subset(new PartitionKeyRange(r.start(), r.end())));
            } catch (IllegalArgumentException e) {
                throw RequestRejected.invalid(field, e.getMessage());
            }
            OptionalInt earlier = overlaps.add(part.subset().ranges());
            if (earlier.isPresent()) {
                throw overlap(parts.get(earlier.getAsInt()), part);
            }
            parts.add(part);
        }
        IndexRanges.Builder selected = IndexRanges.builder();
        parts.forEach(p -> selected.addAll(p.subset().ranges()));
        PartitionSubset ranges = space.subset(selected.build());
        Keys.require("partitions", request.partitions());
        for (int i = 0; i < request.partitions().size(); i++) {
            String key = request.partitions().get(i);
            String field = "partitions[" + i + "]";
            key(space, field, key);
            if (ranges.contains(key)) {
                String range = parts.stream()
                        .filter(p -> p.subset().contains(key))
                        .findFirst()
                        .orElseThrow()
                        .field();
                throw RequestRejected.invalid(
                        field,
                        field + " " + Text.quote(key) + " is in " + range + " already; select each partition once");
            }
        }
        PartitionSubset targets = parts.isEmpty() && request.partitions().isEmpty()
                ? space.all()
                : ranges.union(space.subset(request.partitions()));
        if (request.failedAndMissingOnly()) {
            PartitionSubset needed = space.empty();
            for (AssetKey asset : assets) {
                List<String> materialized = outcomes.apply(asset).entrySet().stream()
                        .filter(e -> PartitionState.MATERIALIZED.name().equals(e.getValue())
                                && space.indexOf(e.getKey()).isPresent())
                        .map(Map.Entry::getKey)
                        .toList();
                needed = needed.union(space.subset(materialized).complement());
            }
            targets = targets.intersect(needed);
        }
        if (targets.isEmpty()) {
            throw RequestRejected.invalid(
                    request.failedAndMissingOnly() ? "failedAndMissingOnly" : "ranges",
                    "the backfill selects no partition"
                            + (request.failedAndMissingOnly() ? ": none is failed or missing" : ""));
        }
        return targets;
    }

    private static void key(PartitionSpace space, String field, String key) {
        Text.keyProblem(field, key).ifPresent(problem -> {
            throw RequestRejected.invalid(field, problem);
        });
        space.validate(key).ifPresent(problem -> {
            throw RequestRejected.invalid(field, problem);
        });
    }

    /** The refusal of a range that selects partitions an earlier range selects already. */
    private static RequestRejected overlap(Part earlier, Part part) {
        PartitionSubset both = earlier.subset().intersect(part.subset());
        return RequestRejected.invalid(
                part.field(),
                part.field() + " selects " + both.keyRanges().get(0)
                        + (both.count() > 1 ? " (" + both.count() + " partitions)" : "") + ", which " + earlier.field()
                        + " selects already; select each partition once");
    }
}
