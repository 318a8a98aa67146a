package io.sluice.audit.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "audit_event")
public class AuditEventEntity {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public Instant ts;
    public String actor;
    public String action;

    @Column(name = "run_id")
    public String runId;

    public String assets;
    public String reason;

    @Column(name = "backfill_id")
    public String backfillId;

    @Column(name = "detail_json")
    public String detailJson;
}
