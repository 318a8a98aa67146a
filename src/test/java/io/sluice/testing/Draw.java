package io.sluice.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The random values of one try of a {@link Property}: a {@link Random} seeded from the try's seed, and the
 * generators the property tests build their samples from. A try leans one way or none ({@link Lean}): the first
 * try takes the low end of everything (minimum values, the first choice, the smallest collections, no nulls), the
 * second the high end, and every eighth try after them takes an edge value for half of its draws (the ends of each
 * range, 0, -1 and 1 inside it, so also the minimum and maximum of {@code int} and {@code long}; empty and full
 * collections; nulls).
 * The other tries draw as jqwik drew by default: numbers in wide ranges biased towards 0 ({@link BiasedRange}),
 * choices uniform, sizes uniform up to 32 elements. Over the first tenth of a property's tries, collections may only
 * grow to a share of their largest size ({@link #size()}, from almost nothing to all of it), so that a property that
 * fails early fails on a small sample (histories of one or two writes before long ones).
 */
public final class Draw {

    /** Which way the draws of a try lean. */
    public enum Lean {
        LOW,
        HIGH,
        EDGES,
        NONE
    }

    private final Random random;
    private final Lean lean;
    private final double size;
    private boolean unbiased;

    Draw(long seed, Lean lean, double size) {
        this.random = new Random(seed);
        this.lean = lean;
        this.size = size;
    }

    /** The try's own generator, for what takes a {@link Random} (a shuffle). */
    public Random random() {
        return random;
    }

    public Lean lean() {
        return unbiased ? Lean.NONE : lean;
    }

    /** The share of the largest collection sizes this try may draw, from above 0 to 1. */
    public double size() {
        return size;
    }

    /** An {@code int} from {@code min} to {@code max}, both included. */
    public int between(int min, int max) {
        return (int) between((long) min, (long) max);
    }

    /**
     * A {@code long} from {@code min} to {@code max}, both included; values near 0 (or the end nearest it) come more
     * often in a wide range, as {@link BiasedRange} draws them.
     */
    public long between(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("between " + min + " and " + max + ": the minimum is above the maximum");
        }
        return switch (lean()) {
            case LOW -> min;
            case HIGH -> max;
            case EDGES -> edgy() ? edge(min, max) : BiasedRange.draw(random, min, max);
            case NONE -> BiasedRange.draw(random, min, max);
        };
    }

    /** Any {@code int}. */
    public int anyInt() {
        return between(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** Any {@code long}. */
    public long anyLong() {
        return between(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    public boolean bool() {
        return index(2) == 1;
    }

    /** One of {@code values}, each as likely (the first on a low try, the last on a high one). */
    public <T> T of(List<T> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a choice among no values");
        }
        return values.get(index(values.size()));
    }

    @SafeVarargs
    public final <T> T of(T... values) {
        return of(List.of(values));
    }

    /**
     * The index of a choice made with these weights: the first on a low try, the last on a high one, by weight
     * otherwise (the chosen alternative's own draws lean as the try does).
     */
    public int weighted(int... weights) {
        int total = 0;
        int first = -1;
        int last = -1;
        for (int i = 0; i < weights.length; i++) {
            if (weights[i] < 0) {
                throw new IllegalArgumentException("a negative weight: " + weights[i]);
            }
            if (weights[i] > 0) {
                first = first < 0 ? i : first;
                last = i;
            }
            total += weights[i];
        }
        if (total == 0) {
            throw new IllegalArgumentException("a choice with no weight");
        }
        if (lean() == Lean.LOW) {
            return first;
        }
        if (lean() == Lean.HIGH) {
            return last;
        }
        int pick = random.nextInt(total);
        int i = 0;
        while (pick >= weights[i]) {
            pick -= weights[i++];
        }
        return i;
    }

    /** One of the alternatives, with equal weights. */
    @SafeVarargs
    public final <T> T oneOf(Supplier<? extends T>... alternatives) {
        int[] weights = new int[alternatives.length];
        Arrays.fill(weights, 1);
        return alternatives[weighted(weights)].get();
    }

    /** Null with this probability (always on a high try, never on a low one, half the time on an edgy draw). */
    public <T> T orNull(double probability, Supplier<T> value) {
        boolean none = switch (lean()) {
            case LOW -> false;
            case HIGH -> true;
            case EDGES -> edgy() ? random.nextBoolean() : random.nextDouble() < probability;
            case NONE -> random.nextDouble() < probability;
        };
        return none ? null : value.get();
    }

    /** A list of {@code min} to {@code max} elements (a mutable list that may hold nulls). */
    public <T> List<T> listOf(int min, int max, Supplier<T> element) {
        int n = collectionSize(min, max);
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(element.get());
        }
        return out;
    }

    /**
     * A set of {@code min} to {@code max} distinct elements, in the order drawn. After the first repeat its elements
     * are drawn without leaning (a low try would repeat its first value forever).
     */
    public <T> Set<T> setOf(int min, int max, Supplier<T> element) {
        int n = collectionSize(min, max);
        Set<T> out = new LinkedHashSet<>();
        boolean was = unbiased;
        try {
            for (int attempts = 0; out.size() < n; attempts++) {
                if (attempts > 1000 + 100 * n) {
                    throw new IllegalStateException("could not draw " + n + " distinct values (got " + out + ")");
                }
                if (!out.add(element.get())) {
                    unbiased = true;
                }
            }
        } finally {
            unbiased = was;
        }
        return out;
    }

    private int index(int n) {
        return switch (lean()) {
            case LOW -> 0;
            case HIGH -> n - 1;
            case EDGES -> edgy() ? (random.nextBoolean() ? 0 : n - 1) : random.nextInt(n);
            case NONE -> random.nextInt(n);
        };
    }

    private int collectionSize(int min, int max) {
        if (min < 0 || min > max) {
            throw new IllegalArgumentException("a collection of " + min + " to " + max + " elements");
        }
        int largest = min + (int) Math.ceil((max - min) * size);
        return switch (lean()) {
            case LOW -> min;
            case HIGH -> max;
            case EDGES -> edgy() ? (random.nextBoolean() ? min : largest) : sizeUpTo(min, largest);
            case NONE -> sizeUpTo(min, largest);
        };
    }

    /**
     * Uniform up to 32 elements above the minimum; beyond, as jqwik drew sizes: the largest one in 50 times, one above
     * the first 32 in ten, otherwise one of those 32.
     */
    private int sizeUpTo(int min, int max) {
        int cutoff = min + 32;
        if (max <= cutoff) {
            return (int) BiasedRange.uniform(random, min, max);
        }
        if (random.nextDouble() <= 0.02) {
            return max;
        }
        return (int)
                (random.nextDouble() <= 0.12
                        ? BiasedRange.uniform(random, cutoff + 1, max)
                        : BiasedRange.uniform(random, min, cutoff));
    }

    private boolean edgy() {
        return random.nextBoolean();
    }

    private long edge(long min, long max) {
        List<Long> edges = new ArrayList<>(List.of(min, max));
        for (long v : new long[] {0, -1, 1}) {
            if (v > min && v < max) {
                edges.add(v);
            }
        }
        return edges.get(random.nextInt(edges.size()));
    }
}
