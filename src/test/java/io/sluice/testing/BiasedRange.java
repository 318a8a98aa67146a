package io.sluice.testing;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A range of numbers drawn with a bias towards its target, the value nearest 0 (the distribution jqwik gave integers by
 * default, which the property tests were tuned with): a range wider than 20 is cut at points that close in on the
 * target (each a third or less of the remaining distance, while more than 20 remain), one part is chosen uniformly,
 * then a value uniformly within it. From 0 to 99 that is 0-10, 11-32 and 33-99, a third each.
 */
final class BiasedRange {

    private static final Map<List<Long>, long[]> STARTS = new ConcurrentHashMap<>();
    private static final BigInteger NARROW = BigInteger.valueOf(20);

    private BiasedRange() {}

    static long draw(Random random, long min, long max) {
        long[] starts = STARTS.computeIfAbsent(List.of(min, max), k -> starts(min, max));
        int part = random.nextInt(starts.length);
        return uniform(random, starts[part], part + 1 < starts.length ? starts[part + 1] - 1 : max);
    }

    static long uniform(Random random, long min, long max) {
        if (max < Long.MAX_VALUE) {
            return random.nextLong(min, max + 1);
        }
        if (min > Long.MIN_VALUE) {
            return random.nextLong(min - 1, max) + 1;
        }
        return random.nextLong();
    }

    /** Where each part of [min, max] starts, in order; the first is min. */
    static long[] starts(long min, long max) {
        BigInteger lo = BigInteger.valueOf(min);
        BigInteger hi = BigInteger.valueOf(max);
        BigInteger target = BigInteger.ZERO.max(lo).min(hi);
        List<BigInteger> points = new ArrayList<>();
        if (target.compareTo(hi) >= 0) {
            points.addAll(closingIn(lo, hi, BigInteger.ONE.negate()));
        } else if (target.compareTo(lo) <= 0) {
            points.addAll(closingIn(hi, lo, BigInteger.ONE));
        } else {
            points.addAll(closingIn(lo, target, BigInteger.ONE.negate()));
            points.addAll(closingIn(hi, target, BigInteger.ONE));
            if (!points.isEmpty()) {
                points.add(target);
            }
        }
        points.sort(null);
        List<Long> starts = new ArrayList<>(List.of(min));
        BigInteger lower = lo;
        for (BigInteger p : points) {
            if (p.compareTo(lower) > 0 && p.compareTo(hi) < 0) {
                starts.add(p.longValueExact());
                lower = p;
            }
        }
        return starts.stream().mapToLong(Long::longValue).toArray();
    }

    /** Points from {@code from} towards {@code to}, each nearer by a share of the distance that remains. */
    private static List<BigInteger> closingIn(BigInteger from, BigInteger to, BigInteger step) {
        List<BigInteger> points = new ArrayList<>();
        BigInteger point = from;
        while (true) {
            BigInteger range = to.subtract(point).abs();
            if (range.compareTo(NARROW) <= 0) {
                return points;
            }
            int decimals = range.bitLength() / 10 * 3;
            BigInteger distance = range.divide(BigInteger.valueOf(Math.max((long) Math.pow(decimals / 5.0, 10), 3)));
            if (distance.signum() == 0) {
                return points;
            }
            point = to.add(step.multiply(distance));
            points.add(point);
        }
    }
}
