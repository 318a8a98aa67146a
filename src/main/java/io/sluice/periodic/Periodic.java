package io.sluice.periodic;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A daemon thread that does one round of work, then waits an interval, until it is stopped: the heartbeat, the lease
 * watch, the cancel watch and the lake's staging sweep. A {@link #wake} starts the next round at once; a round that
 * throws is handed to the failure handler and the loop goes on; {@link #stop} ends the thread (its wait or its round is
 * interrupted) without any error.
 */
public final class Periodic {

    /** One round of work; an interrupt ends the loop. */
    @FunctionalInterface
    public interface Round {
        void run() throws InterruptedException;
    }

    private final Object signal = new Object();
    private final Supplier<Duration> interval;
    private final boolean waitFirst;
    private final Round round;
    private final Consumer<RuntimeException> failed;
    private volatile Thread thread;
    private boolean woken;

    private Periodic(Supplier<Duration> interval, boolean waitFirst, Round round, Consumer<RuntimeException> failed) {
        this.interval = interval;
        this.waitFirst = waitFirst;
        this.round = round;
        this.failed = failed;
    }

    /**
     * Starts thread {@code name}, whose first round runs at once; the interval is read before every wait (a setting
     * that changes takes effect from the next one).
     */
    public static Periodic start(
            String name, Supplier<Duration> interval, Round round, Consumer<RuntimeException> failed) {
        return new Periodic(interval, false, round, failed).start(name);
    }

    /** As {@link #start}, the first round after one interval. */
    public static Periodic startAfterInterval(
            String name, Supplier<Duration> interval, Round round, Consumer<RuntimeException> failed) {
        return new Periodic(interval, true, round, failed).start(name);
    }

    private Periodic start(String name) {
        Thread t = new Thread(this::loop, name);
        t.setDaemon(true);
        thread = t;
        t.start();
        return this;
    }

    private void loop() {
        try {
            if (waitFirst) {
                await();
            }
            while (thread == Thread.currentThread()) {
                try {
                    round.run();
                } catch (RuntimeException e) {
                    failed.accept(e);
                }
                await();
            }
        } catch (InterruptedException e) {
            // stopped
        }
    }

    private void await() throws InterruptedException {
        synchronized (signal) {
            if (!woken) {
                signal.wait(Math.max(1, interval.get().toMillis()));
            }
            woken = false;
        }
    }

    /** Starts the next round now rather than after the wait (a round in progress is followed by another at once). */
    public void wake() {
        synchronized (signal) {
            woken = true;
            signal.notifyAll();
        }
    }

    /** Ends the thread: no round starts after this, and a wait or round in progress is interrupted. */
    public void stop() {
        Thread t = thread;
        thread = null;
        if (t != null) {
            t.interrupt();
        }
    }

    /** Whether the thread still runs. */
    public boolean alive() {
        Thread t = thread;
        return t != null && t.isAlive();
    }
}
