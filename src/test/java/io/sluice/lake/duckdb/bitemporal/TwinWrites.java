package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;

/**
 * Applies a history through two sessions, each on a database of its own, and checks after every write that both gave
 * the same result and hold the same version table and companion tables, system times included. System times are
 * requested as {@link HistoryRun} requests them.
 */
final class TwinWrites {

    private TwinWrites() {}

    static void writeBoth(
            Histories.History history,
            BitemporalSession one,
            Connection oneDb,
            BitemporalSession other,
            Connection otherDb)
            throws SQLException {
        BitemporalTable table = history.shape().table;
        for (int i = 0; i < history.batches().size(); i++) {
            TestBatch batch = history.batches().get(i);
            Instant requested = i % 3 == 2 ? HistoryRun.BASE : HistoryRun.BASE.plusSeconds(3600L * (i + 1));
            WriteResult byOne = one.write(batch.toSource(table), batch.replace(), requested);
            WriteResult byOther = other.write(batch.toSource(table), batch.replace(), requested);
            assertThat(byOne).as("write %d of %s", i, batch).isEqualTo(byOther);
            assertThat(VersionRow.everything(oneDb, table))
                    .as("tables after write %d of %s", i, batch)
                    .isEqualTo(VersionRow.everything(otherDb, table));
        }
    }
}
