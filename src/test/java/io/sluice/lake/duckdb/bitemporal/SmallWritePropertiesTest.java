package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.testing.Property;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Small writes ({@link SmallWrite}, decided in Java) against the general path (set-based SQL): over random histories
 * (late filings, corrections, repeats, full refreshes, owners leaving and returning, empty filings, invalid batches),
 * every write gives the same result and leaves the same version table and companion tables, system times included.
 */
class SmallWritePropertiesTest {

    private static final AtomicLong SMALL = new AtomicLong();
    private static final AtomicLong WRITES = new AtomicLong();

    @Test
    void a_small_write_leaves_exactly_what_the_general_path_leaves() {
        Property.tries(80)
                .check(
                        Histories::histories,
                        SmallWritePropertiesTest::a_small_write_leaves_exactly_what_the_general_path_leaves);
        theSmallPathWasTaken();
    }

    private static void a_small_write_leaves_exactly_what_the_general_path_leaves(Histories.History history)
            throws SQLException {
        BitemporalTable table = history.shape().table;
        try (Connection smallDb = Lake.memory();
                Connection generalDb = Lake.memory()) {
            BitemporalMerge merge = new BitemporalMerge();
            merge.createTables(smallDb, table);
            merge.createTables(generalDb, table);
            InstantSource clock = InstantSource.system();
            try (BitemporalSession small =
                            new BitemporalSession(smallDb, table, clock, SessionOptions.DEFAULT.withSmallWrites(true));
                    BitemporalSession general = new BitemporalSession(
                            generalDb, table, clock, SessionOptions.DEFAULT.withSmallWrites(false))) {
                TwinWrites.writeBoth(history, small, smallDb, general, generalDb);
                assertThat(general.smallWritesDone()).isZero();
                SMALL.addAndGet(small.smallWritesDone());
                WRITES.addAndGet(history.batches().size());
            }
        }
    }

    /** The comparison means something only if the small path decided a good share of the writes. */
    private static void theSmallPathWasTaken() {
        if (Property.replaysOneTry()) {
            return; // one try says nothing about how often
        }
        assertThat(SMALL.get()).as("small writes among %d writes", WRITES.get()).isGreaterThan(WRITES.get() / 10);
    }
}
