package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "materialization")
public class MaterializationEntity {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "run_id")
    public String runId;

    @Column(name = "asset_key")
    public String assetKey;

    @Column(name = "partition_key")
    public String partitionKey;

    public Instant ts;

    @Column(name = "rows_written")
    public long rowsWritten;

    @Column(name = "key_count")
    public long keyCount;

    @Column(name = "batch_count")
    public long batchCount;

    @Column(name = "duration_ms")
    public long durationMs;

    @Column(name = "metadata_json")
    public String metadataJson;
}
