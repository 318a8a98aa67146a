package io.sluice.bench;

import java.nio.file.Path;
import java.util.List;

/** Something that records {@code partitions} as runs with a materialization event in {@code db}, timed. */
interface Contender {

    String name();

    /** Whether this contender runs on the database at all. */
    default boolean supports(BenchDb db) {
        return true;
    }

    Result run(BenchDb db, List<String> partitions, Settings settings) throws Exception;

    /**
     * Whether {@link #run} warms up on {@link Settings#warmUp()} itself before it times (Sluice, whose server is a
     * process of its own); the harness warms up every other contender with an untimed run on a throwaway database.
     */
    default boolean warmsUpItself() {
        return false;
    }

    /**
     * What every contender shares: worker threads, how long one may run before it is cut short, and the partitions
     * of its untimed warm-up run (other days than the timed ones; empty for none).
     */
    record Settings(int workers, long maxSeconds, Path out, List<String> warmUp) {}
}
