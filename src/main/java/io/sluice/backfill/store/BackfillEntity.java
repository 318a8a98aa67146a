package io.sluice.backfill.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "backfill")
public class BackfillEntity {
    @Id
    public String id;

    public String status;
    public String assets;
    public String mode;

    @Column(name = "request_json")
    public String requestJson;

    public String reason;

    @Column(name = "launched_by")
    public String launchedBy;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "ended_at")
    public Instant endedAt;

    @Column(name = "partition_count")
    public long partitionCount;

    @Column(name = "run_count")
    public int runCount;

    @Column(name = "max_concurrent")
    public int maxConcurrent;

    @Column(name = "parent_id")
    public String parentId;

    /** When its current pause began: null unless it is paused. */
    @Column(name = "paused_at")
    public Instant pausedAt;

    /** How long its earlier pauses lasted, in milliseconds. */
    @Column(name = "paused_ms")
    public long pausedMs;

    /** The tags of the backfill's runs besides sluice/backfill, as a JSON object in key order; null for none. */
    @Column(name = "tags_json")
    public String tagsJson;
}
