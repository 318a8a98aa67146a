package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "partition_status")
public class PartitionStatusEntity {
    @EmbeddedId
    public ActivePartitionEntity.Key id;

    public String status;

    @Column(name = "run_id")
    public String runId;

    @Column(name = "updated_at")
    public Instant updatedAt;

    /** When the partition's data was last materialized; null when it has none (never, or a rollback removed it). */
    @Column(name = "materialized_at")
    public Instant materializedAt;
}
