package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "check_result")
public class CheckResultEntity {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "run_id")
    public String runId;

    @Column(name = "asset_key")
    public String assetKey;

    @Column(name = "partition_key")
    public String partitionKey;

    @Column(name = "check_name")
    public String checkName;

    public String severity;
    public boolean passed;
    public String observed;
    public String threshold;
    public String message;

    @Column(name = "sample_json")
    public String sampleJson;

    public Instant ts;
}
