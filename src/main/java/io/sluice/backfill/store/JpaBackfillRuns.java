package io.sluice.backfill.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.backfill.BackfillRuns;
import io.sluice.backfill.PartitionRow;
import io.sluice.backfill.ProgressCounts;
import io.sluice.backfill.ProgressStatus;
import io.sluice.backfill.RunSpan;
import io.sluice.backfill.StatusSpan;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.RunStatus;
import io.sluice.runs.launch.RunFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

/**
 * {@link BackfillRuns} in table {@code backfill_run}, joined to {@code run} by its primary key; the same SQL on H2 and
 * PostgreSQL. Pages and the ordered read walk {@code backfill_run_position_idx} ({@code backfill_id, first_position});
 * their ORDER BY names both columns, so that H2 reads the index in order (forwards or backwards) instead of sorting.
 */
@ApplicationScoped
public class JpaBackfillRuns implements BackfillRuns {

    private static final int BATCH = 1_000;

    /** A run's status as progress counts it needs to know whether a canceled run started. */
    private static final String STARTED = "CASE WHEN r.started_at IS NULL THEN 0 ELSE 1 END";

    private static final String STANDING = "SELECT b.first_position, b.partition_count, b.first_key, b.last_key,"
            + " r.status, " + STARTED
            + " FROM backfill_run b JOIN run r ON r.id = b.run_id WHERE b.backfill_id = ?"
            + " ORDER BY b.backfill_id, b.first_position";

    private static final String PAGE_COLUMNS =
            "SELECT b.first_position, r.id, r.status, r.started_at, r.ended_at, r.partitions_json, r.tags_json,"
                    + " r.assets, b.partition_count, b.first_key, b.last_key"
                    + " FROM backfill_run b JOIN run r ON r.id = b.run_id"
                    + " WHERE b.backfill_id = ? AND b.partition_count > 0";

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};
    private static final TypeReference<Map<String, String>> TAGS = new TypeReference<>() {};

    private final Session session;
    private final ObjectMapper mapper;

    public JpaBackfillRuns(Session session, ObjectMapper mapper) {
        this.session = session;
        this.mapper = mapper;
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public void create(String backfillId, List<RunSpan> spans) {
        session.doWork(c -> {
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO backfill_run"
                    + " (run_id, backfill_id, first_position, partition_count, first_key, last_key)"
                    + " VALUES (?, ?, ?, ?, ?, ?)")) {
                int pending = 0;
                for (RunSpan s : spans) {
                    insert.setString(1, s.runId());
                    insert.setString(2, backfillId);
                    insert.setLong(3, s.position());
                    insert.setLong(4, s.count());
                    insert.setString(5, s.first());
                    insert.setString(6, s.last());
                    insert.addBatch();
                    if (++pending == BATCH) {
                        insert.executeBatch();
                        pending = 0;
                    }
                }
                if (pending > 0) {
                    insert.executeBatch();
                }
            }
        });
    }

    @Override
    @Transactional
    public void replace(String deadRunId, String retryRunId) {
        session.doWork(c -> {
            try (PreparedStatement update = c.prepareStatement("UPDATE backfill_run SET run_id = ? WHERE run_id = ?")) {
                update.setString(1, retryRunId);
                update.setString(2, deadRunId);
                update.executeUpdate();
            }
        });
    }

    @Override
    @Transactional
    public Standing standing(String backfillId) {
        return session.doReturningWork(c -> {
            Map<ProgressStatus, Long> runs = new EnumMap<>(ProgressStatus.class);
            Map<ProgressStatus, Long> partitions = new EnumMap<>(ProgressStatus.class);
            List<StatusSpan> spans = new ArrayList<>();
            try (PreparedStatement select = c.prepareStatement(STANDING)) {
                select.setString(1, backfillId);
                select.setFetchSize(BATCH);
                try (ResultSet rs = select.executeQuery()) {
                    StatusSpan open = null;
                    while (rs.next()) {
                        long position = rs.getLong(1);
                        long count = rs.getLong(2);
                        ProgressStatus status = status(rs.getString(5), rs.getInt(6));
                        runs.merge(status, 1L, Long::sum);
                        if (count == 0) {
                            continue;
                        }
                        partitions.merge(status, count, Long::sum);
                        if (open != null && open.status() == status && open.end() == position) {
                            open = new StatusSpan(
                                    open.position(),
                                    open.count() + count,
                                    open.first(),
                                    rs.getString(4),
                                    status,
                                    open.runs() + 1);
                        } else {
                            if (open != null) {
                                spans.add(open);
                            }
                            open = new StatusSpan(position, count, rs.getString(3), rs.getString(4), status, 1);
                        }
                    }
                    if (open != null) {
                        spans.add(open);
                    }
                }
            }
            return new Standing(spans, new Counts(ProgressCounts.of(runs), ProgressCounts.of(partitions)));
        });
    }

    @Override
    @Transactional
    public List<PartitionRow> after(String backfillId, long position, Optional<ProgressStatus> status, int limit) {
        return session.doReturningWork(c -> {
            long from = position < 0 ? 0 : startOfRunAt(c, backfillId, position + 1);
            List<PartitionRow> rows = new ArrayList<>(limit);
            try (PreparedStatement select = c.prepareStatement(PAGE_COLUMNS + " AND b.first_position >= ?"
                    + filter(status) + " ORDER BY b.backfill_id, b.first_position FETCH FIRST ? ROWS ONLY")) {
                select.setString(1, backfillId);
                select.setLong(2, from);
                select.setInt(3, limit + 1); // the first run may hold only partitions up to the cursor
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next() && rows.size() < limit) {
                        List<PartitionRow> held = rows(rs);
                        for (PartitionRow row : held) {
                            if (row.position() > position && rows.size() < limit) {
                                rows.add(row);
                            }
                        }
                    }
                }
            }
            return rows;
        });
    }

    @Override
    @Transactional
    public List<PartitionRow> before(String backfillId, long position, Optional<ProgressStatus> status, int limit) {
        return session.doReturningWork(c -> {
            List<PartitionRow> nearestFirst = new ArrayList<>(limit);
            try (PreparedStatement select = c.prepareStatement(PAGE_COLUMNS + " AND b.first_position < ?"
                    + filter(status)
                    + " ORDER BY b.backfill_id DESC, b.first_position DESC FETCH FIRST ? ROWS ONLY")) {
                select.setString(1, backfillId);
                select.setLong(2, position);
                select.setInt(3, limit);
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next() && nearestFirst.size() < limit) {
                        List<PartitionRow> held = rows(rs);
                        for (int i = held.size() - 1; i >= 0 && nearestFirst.size() < limit; i--) {
                            if (held.get(i).position() < position) {
                                nearestFirst.add(held.get(i));
                            }
                        }
                    }
                }
            }
            Collections.reverse(nearestFirst);
            return nearestFirst;
        });
    }

    @Override
    @Transactional
    public List<String> backfillsWithoutSpans() {
        return session.createNativeQuery(
                        "SELECT f.id FROM backfill f WHERE NOT EXISTS"
                                + " (SELECT 1 FROM backfill_run b WHERE b.backfill_id = f.id) ORDER BY f.created_at",
                        String.class)
                .getResultList();
    }

    /** Where the run that holds {@code position} starts (0 if none does). */
    private static long startOfRunAt(Connection c, String backfillId, long position) throws SQLException {
        try (PreparedStatement select = c.prepareStatement("SELECT b.first_position FROM backfill_run b"
                + " WHERE b.backfill_id = ? AND b.first_position <= ?"
                + " ORDER BY b.backfill_id DESC, b.first_position DESC FETCH FIRST 1 ROWS ONLY")) {
            select.setString(1, backfillId);
            select.setLong(2, position);
            try (ResultSet rs = select.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    /** The condition on the run for a status filter: a fixed text per status, no value in it. */
    private static String filter(Optional<ProgressStatus> status) {
        return status.map(s -> switch (s) {
                    case QUEUED -> " AND r.status = 'QUEUED'";
                    case RUNNING -> " AND r.status = 'STARTED'";
                    case SUCCEEDED -> " AND r.status = 'SUCCESS'";
                    case FAILED -> " AND r.status = 'FAILURE'";
                    case CANCELED -> " AND r.status = 'CANCELED' AND r.started_at IS NOT NULL";
                    case SKIPPED -> " AND (r.status = 'SKIPPED' OR (r.status = 'CANCELED' AND r.started_at IS NULL))";
                })
                .orElse("");
    }

    /** The partitions of the run of the current row, each at its position. */
    private List<PartitionRow> rows(ResultSet rs) throws SQLException {
        long first = rs.getLong(1);
        String runId = rs.getString(2);
        Instant started = instant(rs, 4);
        ProgressStatus status = status(rs.getString(3), started == null ? 0 : 1);
        Instant ended = instant(rs, 5);
        List<String> partitions = read(rs.getString(6), STRINGS);
        Map<String, String> tags = rs.getString(7) == null ? Map.of() : read(rs.getString(7), TAGS);
        int attempt = attempt(tags.get(RunFactory.ATTEMPT));
        String previous = tags.get(RunFactory.PARENT_RUN);
        List<AssetKey> assets =
                Arrays.stream(rs.getString(8).split(",")).map(AssetKey::parse).toList();
        RunSpan span = new RunSpan(runId, first, rs.getLong(9), rs.getString(10), rs.getString(11));
        List<PartitionRow> rows = new ArrayList<>(partitions.size());
        for (int i = 0; i < partitions.size(); i++) {
            rows.add(new PartitionRow(
                    first + i, partitions.get(i), runId, status, attempt, previous, assets, span, started, ended));
        }
        return rows;
    }

    private static int attempt(String tag) {
        try {
            return tag == null ? 1 : Math.max(1, Integer.parseInt(tag));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private <T> T read(String json, TypeReference<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable run column in the metadata store: " + json, e);
        }
    }

    private static ProgressStatus status(String runStatus, int started) {
        return ProgressStatus.of(RunStatus.valueOf(runStatus), started == 1);
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }
}
