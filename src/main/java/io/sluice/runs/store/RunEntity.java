package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "run")
public class RunEntity {
    @Id
    public String id;

    public String status;
    public String mode;
    public String assets;

    @Column(name = "keys_json")
    public String keysJson;

    @Column(name = "partitions_json")
    public String partitionsJson;

    @Column(name = "config_json")
    public String configJson;

    public String reason;

    @Column(name = "launched_by")
    public String launchedBy;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "started_at")
    public Instant startedAt;

    @Column(name = "ended_at")
    public Instant endedAt;

    @Column(name = "key_count")
    public long keyCount;

    @Column(name = "batch_count")
    public long batchCount;

    @Column(name = "rows_written")
    public long rowsWritten;

    public String error;

    @Column(name = "cancel_requested")
    public boolean cancelRequested;

    public String kind;

    @Column(name = "rollback_to")
    public String rollbackTo;

    @Column(name = "group_id")
    public String groupId;

    @Column(name = "tags_json")
    public String tagsJson;

    public long seq;

    /** Whether the run writes the lake (stored when it is queued, by {@code RunRows}): read here to filter claims. */
    @Column(name = "needs_lake", insertable = false, updatable = false)
    public Boolean needsLake;
}
