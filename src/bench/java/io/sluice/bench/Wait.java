package io.sluice.bench;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/** Polls a condition, printing progress every 10 s to stderr, until it holds or time runs out. */
final class Wait {

    private Wait() {}

    static boolean until(BooleanSupplier done, long maxSeconds, String what, LongSupplier progress)
            throws InterruptedException {
        long start = System.nanoTime();
        long nextReport = 10;
        while (!done.getAsBoolean()) {
            long elapsed = (System.nanoTime() - start) / 1_000_000_000L;
            if (elapsed >= maxSeconds) {
                return false;
            }
            if (elapsed >= nextReport) {
                System.err.printf("  ... %s: %d done after %d s%n", what, progress.getAsLong(), elapsed);
                nextReport += 10;
            }
            Thread.sleep(20);
        }
        return true;
    }
}
