package io.sluice.lake.engine;

import io.sluice.lake.LakeInterrupted;
import java.sql.Connection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The lake work of the runs that have a lake open (an engine's {@code forRun} lake): per run, the connections its work holds at
 * this moment, so that a cancel interrupts exactly those. A connection is the run's only from the moment its work takes
 * it (a kept connection of a table: under the table's write lock) until that work ends, and an interrupt takes the
 * same monitor as that end, so it can never reach a statement of whoever uses the connection next.
 */
public final class RunWork {

    private final Map<String, Run> runs = new HashMap<>();
    /** The run whose work this thread does now, if any. */
    private final ThreadLocal<Run> working = new ThreadLocal<>();

    /** Opens (or opens once more) the work of {@code runId}; {@link #close} it as often. */
    public synchronized Run open(String runId) {
        Run run = runs.computeIfAbsent(runId, Run::new);
        run.opened++;
        return run;
    }

    public synchronized void close(Run run) {
        if (--run.opened == 0) {
            runs.remove(run.runId, run);
        }
    }

    /** Interrupts the run's statements and refuses its later work; how many of its statements were open (0 if it has no lake open). */
    public int interrupt(String runId) {
        Run run;
        synchronized (this) {
            run = runs.get(runId);
        }
        return run == null ? 0 : run.interrupt();
    }

    /** Runs {@code work} on this thread as the lake work of {@code run}: the connections it takes are the run's meanwhile. */
    public <T> T asWorkOf(Run run, Supplier<T> work) {
        Run before = working.get();
        working.set(run);
        try {
            return work.get();
        } finally {
            if (before == null) {
                working.remove();
            } else {
                working.set(before);
            }
        }
    }

    /** {@code work} on {@code connection}, as the work of the run this thread works for, if any (a cancel of it interrupts). */
    public <T> T on(Connection connection, OnConnection<T> work) throws Exception {
        Run run = working.get();
        return run == null ? work.apply() : run.on(connection, work);
    }

    /** Work on a connection. */
    @FunctionalInterface
    public interface OnConnection<T> {
        T apply() throws Exception;
    }

    /** The lake work of one run. */
    public static final class Run {
        public final String runId;
        private int opened;
        private boolean interrupted;
        private final Set<Connection> using = new HashSet<>();

        private Run(String runId) {
            this.runId = runId;
        }

        /**
         * Runs {@code work} on {@code connection} as this run's: refused if the run was interrupted, and a failure after an
         * interrupt is the interrupt's ({@link LakeInterrupted}), not the statement's.
         */
        private <T> T on(Connection connection, OnConnection<T> work) throws Exception {
            enter(connection);
            try {
                return work.apply();
            } catch (Exception e) {
                if (interrupted() && !(e instanceof LakeInterrupted)) {
                    throw new LakeInterrupted(runId, e);
                }
                throw e;
            } finally {
                leave(connection);
            }
        }

        private synchronized void enter(Connection connection) {
            if (interrupted) {
                throw new LakeInterrupted(runId, null);
            }
            using.add(connection);
        }

        private synchronized void leave(Connection connection) {
            using.remove(connection);
        }

        private synchronized boolean interrupted() {
            return interrupted;
        }

        private synchronized int interrupt() {
            interrupted = true;
            int open = 0;
            for (Connection connection : using) {
                open += CancellableConnection.cancelRunning(connection);
            }
            return open;
        }
    }
}
