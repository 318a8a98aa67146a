package io.sluice.ops.metrics.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the store-backed gauges show, read in a few aggregate statements (the same SQL on H2 and PostgreSQL): runs
 * queued and running, the partitions of the unfinished backfills by state, and when each schedule and sensor last
 * ticked.
 */
public record StoreReading(
        long queued,
        long running,
        long backfills,
        Map<String, Long> backfillPartitions,
        Map<Ticker, Instant> lastTicks) {

    /** A schedule or a sensor, by kind ({@code SCHEDULE}, {@code SENSOR}) and name. */
    public record Ticker(String kind, String name) {}

    /** The backfill partition states the gauge reports, in order. */
    public static final List<String> PARTITION_STATES = List.of("done", "failed", "remaining");

    public static final StoreReading NONE =
            new StoreReading(0, 0, 0, Map.of("done", 0L, "failed", 0L, "remaining", 0L), Map.of());

    private static final String RUNS =
            "SELECT status, COUNT(*) FROM run WHERE status IN ('QUEUED', 'STARTED')" + " GROUP BY status";

    private static final String BACKFILLS = "SELECT COUNT(*) FROM backfill WHERE status IN ('RUNNING', 'PAUSED')";

    private static final String PARTITIONS = "SELECT CASE WHEN r.status = 'SUCCESS' THEN 'done'"
            + " WHEN r.status IN ('QUEUED', 'STARTED') THEN 'remaining' ELSE 'failed' END AS state,"
            + " SUM(b.partition_count) FROM backfill f JOIN backfill_run b ON b.backfill_id = f.id"
            + " JOIN run r ON r.id = b.run_id WHERE f.status IN ('RUNNING', 'PAUSED')"
            + " GROUP BY CASE WHEN r.status = 'SUCCESS' THEN 'done'"
            + " WHEN r.status IN ('QUEUED', 'STARTED') THEN 'remaining' ELSE 'failed' END";

    private static final String TICKERS =
            "SELECT kind, name FROM automation_state WHERE kind IN ('SCHEDULE', 'SENSOR') ORDER BY kind, name";

    // ORDER BY every column of automation_tick_name_idx (kind, name, id), so that H2 reads it backwards, not sorts
    private static final String LAST_TICK = "SELECT evaluated_at FROM automation_tick WHERE kind = ? AND name = ?"
            + " ORDER BY kind DESC, name DESC, id DESC LIMIT 1";

    static StoreReading read(Connection c) throws SQLException {
        long queued = 0;
        long running = 0;
        try (PreparedStatement s = c.prepareStatement(RUNS);
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                if (r.getString(1).equals("QUEUED")) {
                    queued = r.getLong(2);
                } else {
                    running = r.getLong(2);
                }
            }
        }
        long backfills;
        try (PreparedStatement s = c.prepareStatement(BACKFILLS);
                ResultSet r = s.executeQuery()) {
            r.next();
            backfills = r.getLong(1);
        }
        Map<String, Long> partitions = new LinkedHashMap<>();
        for (String state : PARTITION_STATES) {
            partitions.put(state, 0L);
        }
        try (PreparedStatement s = c.prepareStatement(PARTITIONS);
                ResultSet r = s.executeQuery()) {
            while (r.next()) {
                partitions.put(r.getString(1), r.getLong(2));
            }
        }
        Map<Ticker, Instant> ticks = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement(TICKERS);
                ResultSet r = s.executeQuery();
                PreparedStatement last = c.prepareStatement(LAST_TICK)) {
            while (r.next()) {
                Ticker t = new Ticker(r.getString(1), r.getString(2));
                last.setString(1, t.kind());
                last.setString(2, t.name());
                try (ResultSet l = last.executeQuery()) {
                    if (l.next()) {
                        ticks.put(t, l.getObject(1, OffsetDateTime.class).toInstant());
                    }
                }
            }
        }
        return new StoreReading(queued, running, backfills, Map.copyOf(partitions), Map.copyOf(ticks));
    }
}
