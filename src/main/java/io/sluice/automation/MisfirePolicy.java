package io.sluice.automation;

/**
 * What a schedule does with ticks that passed while it could not fire (the process was down, the evaluation late).
 * {@link Skip}: only the latest due tick fires, the older ones are recorded as skipped. {@link CatchUp}: the newest
 * {@code maxTicks} due ticks fire, oldest first; older ones are recorded as skipped.
 */
public sealed interface MisfirePolicy {

    /** The most ticks a catch-up may fire at once. */
    int MAX_CATCH_UP = 1000;

    static MisfirePolicy skip() {
        return new Skip();
    }

    static MisfirePolicy catchUp(int maxTicks) {
        return new CatchUp(maxTicks);
    }

    /** How many of the due ticks fire, at most. */
    int maxTicks();

    record Skip() implements MisfirePolicy {
        @Override
        public int maxTicks() {
            return 1;
        }
    }

    record CatchUp(int maxTicks) implements MisfirePolicy {
        public CatchUp {
            if (maxTicks < 1 || maxTicks > MAX_CATCH_UP) {
                throw new IllegalArgumentException(
                        "a catch-up fires 1 to " + MAX_CATCH_UP + " missed ticks, not " + maxTicks);
            }
        }
    }
}
