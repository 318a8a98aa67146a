package io.sluice.lake.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Small writes ({@link SmallWrite}, decided in Java) against the general path (set-based SQL): over random histories
 * (late filings, corrections, repeats, full refreshes, owners leaving and returning, empty filings, invalid batches),
 * every write gives the same result and leaves the same version table and companion tables, system times included.
 */
class SmallWritePropertiesTest {

    private static final AtomicLong SMALL = new AtomicLong();
    private static final AtomicLong WRITES = new AtomicLong();

    @Provide
    Arbitrary<Histories.History> histories() {
        return Histories.histories();
    }

    @Property(tries = 200)
    void a_small_write_leaves_exactly_what_the_general_path_leaves(@ForAll("histories") Histories.History history)
            throws SQLException {
        BitemporalTable table = history.shape().table;
        try (Connection smallDb = Lake.memory(); Connection generalDb = Lake.memory()) {
            BitemporalMerge merge = new BitemporalMerge();
            merge.createTables(smallDb, table);
            merge.createTables(generalDb, table);
            InstantSource clock = InstantSource.system();
            try (BitemporalSession small = new BitemporalSession(smallDb, table, clock, BitemporalSession.FirstLoad.AUTO, true);
                 BitemporalSession general = new BitemporalSession(generalDb, table, clock, BitemporalSession.FirstLoad.AUTO, false)) {
                for (int i = 0; i < history.batches().size(); i++) {
                    TestBatch batch = history.batches().get(i);
                    Instant requested = i % 3 == 2 ? HistoryRun.BASE : HistoryRun.BASE.plusSeconds(3600L * (i + 1));
                    WriteResult bySmall = small.write(batch.toSource(table), batch.replace(), requested);
                    WriteResult byGeneral = general.write(batch.toSource(table), batch.replace(), requested);
                    assertThat(bySmall).as("write %d of %s", i, batch).isEqualTo(byGeneral);
                    assertThat(VersionRow.everything(smallDb, table)).as("tables after write %d of %s", i, batch)
                            .isEqualTo(VersionRow.everything(generalDb, table));
                }
                assertThat(general.smallWritesDone()).isZero();
                SMALL.addAndGet(small.smallWritesDone());
                WRITES.addAndGet(history.batches().size());
            }
        }
    }

    /** The comparison means something only if the small path decided a good share of the writes. */
    @AfterContainer
    static void theSmallPathWasTaken() {
        assertThat(SMALL.get()).as("small writes among %d writes", WRITES.get()).isGreaterThan(WRITES.get() / 10);
    }
}
