package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BatchSource;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.SourceQuery;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Brings the batch of a {@link BitemporalSession}'s write into its staging temp tables: an in-memory {@link Batch}
 * through the input tables, a {@link SourceQuery} as its query, the filing markers of either staged. It remembers
 * which of those temp tables the write in progress filled, so that the session empties only those after it (and every
 * one after a write that failed). Not thread-safe, like the session.
 */
final class BatchInputs {

    private final Connection connection;
    private final BitemporalTable table;
    private final TempTables temps;
    private final StagingSql staging;
    private final Statements db;
    /**
     * Whether the write in progress filled the input tables of an in-memory batch, or the staged markers; both are
     * true after a write that failed, so that the next one empties every staging temp table whatever was left.
     */
    private boolean usedInputs = true;

    private boolean usedMarkers = true;

    BatchInputs(Connection connection, BitemporalTable table, TempTables temps, StagingSql staging, Statements db) {
        this.connection = connection;
        this.table = table;
        this.temps = temps;
        this.staging = staging;
        this.db = db;
    }

    /**
     * Loads an in-memory batch into the input tables and stages the batch's markers; returns the query of its rows
     * (which the caller stages).
     */
    String load(BatchSource batch) throws SQLException {
        if (batch instanceof Batch entries) {
            usedInputs = true;
            usedMarkers = true;
            BatchLoader.checkColumns(table.rowColumns(), entries.rows(), "row");
            BatchLoader.checkColumns(table.markerColumns(), entries.markers(), "filing marker");
            BatchLoader.append(connection, temps.inRows, table.rowColumns(), entries.rows());
            if (!entries.markers().isEmpty()) {
                BatchLoader.append(connection, temps.inMarkers, table.markerColumns(), entries.markers());
                db.update(staging.insertMarkers("SELECT * FROM " + temps.inMarkers));
            }
            return "SELECT * FROM " + temps.inRows;
        }
        if (batch instanceof SourceQuery query) {
            Optional<String> markers = query.markers();
            if (markers.isPresent()) {
                usedMarkers = true;
                db.update(staging.insertMarkers(markers.get()));
            }
            return query.rows();
        }
        throw new IllegalArgumentException("unknown batch source " + batch.getClass());
    }

    /** The statements that empty the staging temp tables the write in progress filled (see {@link TempTables}). */
    List<String> clearStaged() {
        return temps.clearStaged(usedInputs, usedMarkers);
    }

    /** The write's staging temp tables were emptied: the next write starts from empty ones. */
    void emptied() {
        usedInputs = false;
        usedMarkers = false;
    }

    /** The write failed: the next one empties every staging temp table, whatever this one left. */
    void failed() {
        usedInputs = true;
        usedMarkers = true;
    }
}
