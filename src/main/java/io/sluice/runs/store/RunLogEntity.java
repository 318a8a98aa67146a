package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "run_log")
public class RunLogEntity {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "run_id")
    public String runId;

    public Instant ts;

    @Column(name = "log_level")
    public String level;

    @Column(name = "asset_key")
    public String assetKey;

    public String message;
}
