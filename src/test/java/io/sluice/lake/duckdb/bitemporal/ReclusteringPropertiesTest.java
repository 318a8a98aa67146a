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
 * Re-clustering ({@link ClusteringSql}) rewrites rows without changing them: over random histories, a session that
 * re-clusters after almost every write gives the same results and leaves the same version table and companion tables,
 * system times included, as one that never does, and the writes after a re-clustering (whose rowids changed) too.
 */
class ReclusteringPropertiesTest {

    private static final AtomicLong RECLUSTERINGS = new AtomicLong();
    private static final AtomicLong WRITES = new AtomicLong();

    @Test
    void reclustering_changes_no_row_and_no_later_write() {
        Property.tries(60)
                .check(
                        Histories::histories,
                        ReclusteringPropertiesTest::reclustering_changes_no_row_and_no_later_write);
        reclusteringHappened();
    }

    private static void reclustering_changes_no_row_and_no_later_write(Histories.History history) throws SQLException {
        BitemporalTable table = history.shape().table;
        try (Connection clusteredDb = Lake.memory();
                Connection plainDb = Lake.memory()) {
            BitemporalMerge merge = new BitemporalMerge();
            merge.createTables(clusteredDb, table);
            merge.createTables(plainDb, table);
            InstantSource clock = InstantSource.system();
            try (BitemporalSession clustered = new BitemporalSession(
                            clusteredDb, table, clock, SessionOptions.DEFAULT.withClustering(Clustering.everyWrite()));
                    BitemporalSession plain = new BitemporalSession(
                            plainDb, table, clock, SessionOptions.DEFAULT.withClustering(Clustering.NEVER))) {
                TwinWrites.writeBoth(history, clustered, clusteredDb, plain, plainDb);
                assertThat(plain.reclusterings()).isZero();
                RECLUSTERINGS.addAndGet(clustered.reclusterings());
                WRITES.addAndGet(history.batches().size());
            }
        }
    }

    /** The comparison means something only if re-clustering happened often. */
    private static void reclusteringHappened() {
        if (Property.replaysOneTry()) {
            return; // one try says nothing about how often
        }
        assertThat(RECLUSTERINGS.get())
                .as("re-clusterings among %d writes", WRITES.get())
                .isGreaterThan(WRITES.get() / 8);
    }
}
