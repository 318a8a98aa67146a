package io.sluice.testing;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * A property test in plain JUnit: a {@code @Test} method runs a property over a number of tries, each on a sample
 * drawn from a {@link Draw} of its own, and fails on the first try whose check fails.
 *
 * <pre>{@code
 * @Test
 * void nextIsTheNearestMatchingMinute() {
 *     Property.tries(500).check(d -> new Case(CronField.cron(d), time(d)), c -> assertThat(...));
 * }
 * }</pre>
 *
 * <p>Seeds. A run draws a base seed at random; try n's {@link java.util.Random} is seeded from the base seed and n,
 * and try 1 leans low, try 2 high, and the early tries keep collections small (see {@link Draw}), so that no seed is
 * needed to reach the edge cases and an early failure is a small one. A failure is rethrown as an
 * {@link AssertionError} that names the property, the try, the base seed, the sample and the command that replays
 * that try alone: {@code -Dsluice.seed=BASE:TRY} (the base seed in hexadecimal; {@code -Dsluice.seed=BASE} replays
 * every try of the run). Maven passes {@code -D} options on to the tests; together with
 * {@code -Dtest='Class#method'} the seed applies to that property only. Nothing is stored between runs.
 *
 * <p>Depth. {@code -Dsluice.tries.scale=F} multiplies every property's tries by {@code F} (a positive decimal,
 * default 1): the suite's tries are sized to keep {@code ./mvnw verify} short, and {@code -Dsluice.tries.scale=10} is
 * the deep run to make before a release or after changing the code a property covers. A failure's replay command
 * carries the scale, since the sizes of a try's samples depend on the run's number of tries.
 *
 * <p>{@link #assume} discards a try whose sample does not apply (it still counts as a try); a property fails if more
 * than five tries in six were discarded.
 */
public final class Property {

    /** The system property that replays a run ({@code BASE}) or one of its tries ({@code BASE:TRY}). */
    public static final String SEED = "sluice.seed";

    /** The system property that multiplies every property's tries ({@code F}, a positive decimal; default 1). */
    public static final String SCALE = "sluice.tries.scale";

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final Discarded DISCARDED = new Discarded();

    /** The check of one sample; it fails by throwing (an AssertJ assertion, or any exception). */
    @FunctionalInterface
    public interface Check<T> {
        void check(T sample) throws Exception;
    }

    private final int tries;
    private final String seed;

    private Property(int tries, String seed) {
        if (tries < 1) {
            throw new IllegalArgumentException("a property needs at least one try, not " + tries);
        }
        this.tries = tries;
        this.seed = seed;
    }

    /** A property of {@code tries} tries, times {@value #SCALE} when it is set (at least one). */
    public static Property tries(int tries) {
        return new Property(scaled(tries, System.getProperty(SCALE)), null);
    }

    /** {@code tries} times the scale {@code factor} (a positive decimal, or null or blank for 1), at least one. */
    static int scaled(int tries, String factor) {
        if (factor == null || factor.isBlank()) {
            return tries;
        }
        double f;
        try {
            f = Double.parseDouble(factor.strip());
        } catch (NumberFormatException e) {
            f = Double.NaN;
        }
        if (!(f > 0) || Double.isInfinite(f)) {
            throw new IllegalArgumentException(
                    "-D" + SCALE + "=" + factor + " is not a scale: expected a positive number such as 0.5 or 10");
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(tries * f)));
    }

    /**
     * The same property with this replay seed instead of {@value #SEED}'s, a blank one for a random base seed whatever
     * {@value #SEED} says (for the facility's own tests).
     */
    Property withSeed(String replay) {
        return new Property(tries, replay);
    }

    /** Discards the current try unless {@code condition} holds. */
    public static void assume(boolean condition) {
        if (!condition) {
            throw DISCARDED;
        }
    }

    /** Whether {@value #SEED} asks for one try only: checks over a whole run (how often a path was taken) then wait. */
    public static boolean replaysOneTry() {
        Replay replay = Replay.parse(System.getProperty(SEED));
        return replay != null && replay.onlyTry() > 0;
    }

    /** Runs the property: draws a sample per try with {@code generate}, checks it, stops at the first failure. */
    public <T> void check(Function<Draw, ? extends T> generate, Check<? super T> property) {
        String test = caller();
        Replay replay = Replay.parse(seed != null ? seed : System.getProperty(SEED));
        long base = replay != null ? replay.base() : ThreadLocalRandom.current().nextLong();
        int from = replay != null && replay.onlyTry() > 0 ? replay.onlyTry() : 1;
        int to = replay != null && replay.onlyTry() > 0 ? replay.onlyTry() : tries;
        if (replay != null && seed == null) {
            System.out.println(test + ": replaying " + (from == to ? "try " + from + " of " : "") + "seed "
                    + Long.toHexString(base) + " (-D" + SEED + ")");
        }
        int discarded = 0;
        for (int n = from; n <= to; n++) {
            Draw draw = draw(base, n, tries);
            T sample = null;
            boolean drawn = false;
            try {
                sample = generate.apply(draw);
                drawn = true;
                property.check(sample);
            } catch (Discarded d) {
                discarded++;
            } catch (OutOfMemoryError e) {
                throw e;
            } catch (Throwable e) {
                throw failure(test, base, n, draw, drawn ? String.valueOf(sample) : "(none: drawing it failed)", e);
            }
        }
        int checked = to - from + 1 - discarded;
        if (from == to && checked == 0) {
            System.out.println(test + ": the replayed try was discarded (Property.assume)");
        } else if (checked == 0 || discarded > 5 * checked) {
            throw new AssertionError(
                    test + ": " + discarded + " of " + tries + " tries were discarded (Property.assume), "
                            + "too many for the property to mean something (seed " + Long.toHexString(base) + ")");
        }
    }

    /** Try {@code n} (from 1) of a run of {@code tries} from {@code base}. */
    static Draw draw(long base, int n, int tries) {
        Draw.Lean lean =
                n == 1 ? Draw.Lean.LOW : n == 2 ? Draw.Lean.HIGH : n % 8 == 3 ? Draw.Lean.EDGES : Draw.Lean.NONE;
        int ramp = Math.max(1, tries / 10);
        double size = n <= 2 ? 1 : Math.min(1.0, (n - 2) / (double) ramp);
        return new Draw(mix(base + GOLDEN * n), lean, size);
    }

    /** SplitMix64's finalizer: neighbouring tries get unrelated seeds. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private AssertionError failure(String test, long base, int n, Draw draw, String sample, Throwable cause) {
        String seedText = Long.toHexString(base);
        String scale = System.getProperty(SCALE);
        String scaleOption = scale == null || scale.isBlank() ? "" : " -D" + SCALE + "=" + scale.strip();
        String shown = sample.length() > 4000
                ? sample.substring(0, 4000) + "... (" + sample.length() + " characters)"
                : sample;
        String message = test + " failed on try " + n + " of " + tries + " (seed " + seedText + ", draws leaning "
                + draw.lean() + ", collections up to " + Math.round(draw.size() * 100) + "% of their largest size)"
                + "\n  sample: " + shown
                + "\n  replay: ./mvnw -B test -Dtest='" + test + "' -D" + SEED + "=" + seedText + ":" + n + scaleOption
                + "\n  (every try of this run: -D" + SEED + "=" + seedText + scaleOption + ")"
                + "\n  failure: " + cause;
        return new AssertionError(message, cause);
    }

    /** {@code Class#method} of the test that called {@link #check}, as Surefire's {@code -Dtest} takes it. */
    private static String caller() {
        StackWalker.StackFrame frame = StackWalker.getInstance()
                .walk(frames -> frames.filter(f -> !f.getClassName().equals(Property.class.getName()))
                        .findFirst())
                .orElseThrow();
        String type = frame.getClassName().substring(frame.getClassName().lastIndexOf('.') + 1);
        String method = frame.getMethodName();
        if (method.startsWith("lambda$")) { // lambda$name$0: called from a lambda inside the test method
            method = method.substring("lambda$".length(), Math.max("lambda$".length(), method.lastIndexOf('$')));
        }
        return type + "#" + method;
    }

    /** A replay seed: the base seed, and one try (from 1) or 0 for every try. */
    record Replay(long base, int onlyTry) {

        static Replay parse(String text) {
            if (text == null || text.isBlank()) {
                return null;
            }
            String[] parts = text.strip().split(":", -1);
            try {
                if (parts.length <= 2) {
                    long base = Long.parseUnsignedLong(parts[0].replaceFirst("^0[xX]", ""), 16);
                    int only = parts.length == 2 ? Integer.parseInt(parts[1]) : 0;
                    if (only >= 0 && (parts.length == 1 || only > 0)) {
                        return new Replay(base, only);
                    }
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("-D" + SEED + "=" + text + " is not a seed: expected BASE or BASE:TRY, "
                    + "BASE in hexadecimal and TRY from 1, as a failed property prints them");
        }
    }

    /** Thrown by {@link #assume}; carries no stack trace. */
    private static final class Discarded extends RuntimeException {
        Discarded() {
            super("try discarded", null, false, false);
        }
    }
}
