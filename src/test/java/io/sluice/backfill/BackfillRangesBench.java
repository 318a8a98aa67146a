package io.sluice.backfill;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.TimeWindowPartitions;
import io.sluice.testing.BenchFigures;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A dry run's work for a backfill of 9,470 one-day ranges (issue 27, item 28: the overlap check was quadratic, 3.0 s a
 * dry run): the selection ({@link BackfillTargets}, with the overlap check) and the plan, timed after warm-up, for
 * consecutive days and for every other day (the second keeps 9,470 separate index ranges). Prints figures, asserts
 * nothing about time. Not part of the suite; run it with
 * {@code ./mvnw -B -q test -Dtest=BackfillRangesBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class BackfillRangesBench {

    static final int RANGES = 9_470;
    static final int WARMUP = 5;
    static final int TIMED = 20;

    @Test
    void nineThousandFourHundredSeventyOneDayRanges() {
        PartitionSpace space =
                TimeWindowPartitions.daily(LocalDate.of(1960, 1, 1)).at(Instant.parse("2026-01-01T00:00:00Z"));
        System.out.println("BackfillRangesBench: " + BenchFigures.uptime());
        measure("consecutive days", space, ranges(1));
        measure("every other day", space, ranges(2));
    }

    private static List<BackfillRequest.Range> ranges(int step) {
        List<BackfillRequest.Range> ranges = new ArrayList<>(RANGES);
        LocalDate day = LocalDate.of(1970, 1, 1);
        for (int i = 0; i < RANGES; i++) {
            String key = day.plusDays((long) i * step).toString();
            ranges.add(new BackfillRequest.Range(key, key));
        }
        return ranges;
    }

    private static void measure(String what, PartitionSpace space, List<BackfillRequest.Range> ranges) {
        BackfillRequest request = BackfillTargetsTest.request(ranges);
        List<AssetKey> assets = List.of(AssetKey.parse("test/daily"));
        List<Long> select = new ArrayList<>();
        List<Long> plan = new ArrayList<>();
        for (int i = 0; i < WARMUP + TIMED; i++) {
            long start = System.nanoTime();
            PartitionSubset targets = BackfillTargets.of(request, assets, space, a -> Map.of());
            long selected = System.nanoTime();
            BackfillPlan p = BackfillPlanner.plan(assets, targets, 1, false, RunOrder.OLDEST_FIRST);
            long planned = System.nanoTime();
            if (p.runs().size() != RANGES) {
                throw new AssertionError(what + ": " + p.runs().size() + " runs planned, not " + RANGES);
            }
            if (i >= WARMUP) {
                select.add(selected - start);
                plan.add(planned - selected);
            }
        }
        select.sort(null);
        plan.sort(null);
        System.out.printf(
                Locale.ROOT,
                "BackfillRangesBench: %,d one-day ranges, %-16s selection (overlap check) p50 %8.1f ms max %8.1f ms;"
                        + " plan p50 %6.1f ms%n",
                RANGES,
                what,
                BenchFigures.ms(BenchFigures.pct(select, 50)),
                BenchFigures.ms(select.get(select.size() - 1)),
                BenchFigures.ms(BenchFigures.pct(plan, 50)));
    }
}
