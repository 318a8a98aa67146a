package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A queued run waiting for an asset partition that another run covers (busy-partition=queue). */
@Entity
@Table(name = "partition_wait")
public class PartitionWaitEntity {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "asset_key")
    public String assetKey;

    @Column(name = "partition_key")
    public String partitionKey;

    @Column(name = "run_id")
    public String runId;
}
