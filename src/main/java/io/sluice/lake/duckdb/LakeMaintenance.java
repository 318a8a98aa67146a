package io.sluice.lake.duckdb;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Upkeep of the lake's tables (re-clustering a bi-temporal table) off the path of their writes: one thread, at most
 * one task queued per table. Upkeep is an optimization: a task that cannot run now (the lake is closing, the thread
 * cannot take it) is dropped, and one that fails is logged; the table's next commit queues it again while it is due.
 */
final class LakeMaintenance {

    private static final System.Logger LOG = System.getLogger(LakeMaintenance.class.getName());

    private final ExecutorService thread;
    private final Set<String> queued = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    LakeMaintenance() {
        this(Executors.newSingleThreadExecutor(r -> {
            Thread daemon = new Thread(r, "sluice-lake-maintenance");
            daemon.setDaemon(true); // never holds up the JVM's exit
            return daemon;
        }));
    }

    /** On the given thread (tests pass one they can hold). */
    LakeMaintenance(ExecutorService thread) {
        this.thread = thread;
    }

    /** Queues {@code task}, the upkeep of {@code table}, unless one is queued for it or the lake is closing. Never throws. */
    void schedule(String table, Runnable task) {
        if (closed || !queued.add(table)) {
            return;
        }
        try {
            thread.execute(() -> {
                queued.remove(table);
                if (closed) {
                    return;
                }
                try {
                    task.run();
                } catch (Throwable e) {
                    LOG.log(
                            System.Logger.Level.WARNING,
                            "upkeep of lake table " + table + " failed; its writes go on without it",
                            e);
                }
            });
        } catch (Throwable e) {
            queued.remove(table);
            if (!closed) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "upkeep of lake table " + table + " could not be queued; its next commit tries again",
                        e);
            }
        }
    }

    /** Whether the lake is closing: upkeep must not start then. */
    boolean closed() {
        return closed;
    }

    /** Skips queued upkeep and waits for the one in progress (its table's lock would hold the lake's close anyway). */
    void close() {
        closed = true;
        thread.shutdown();
        try {
            while (!thread.awaitTermination(1, TimeUnit.MINUTES)) {
                LOG.log(System.Logger.Level.INFO, "the lake closes when the upkeep in progress ends");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until the upkeep queued so far has run (tests). */
    void await() throws Exception {
        thread.submit(() -> null).get(10, TimeUnit.MINUTES);
    }
}
