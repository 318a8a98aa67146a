package io.sluice.bench;

import java.util.List;

/** Something that records {@code partitions} as runs with a materialization event in {@code db}, timed. */
interface Contender {

    String name();

    /** Whether this contender runs on the database at all. */
    default boolean supports(BenchDb db) {
        return true;
    }

    Result run(BenchDb db, List<String> partitions, Settings settings) throws Exception;

    /** What every contender shares: worker threads and how long one may run before it is cut short. */
    record Settings(int workers, long maxSeconds, java.nio.file.Path out) {
    }
}
