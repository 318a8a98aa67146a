package io.sluice.automation.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "automation_tick")
public class AutomationTickEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public String kind;
    public String name;

    @Column(name = "tick_at")
    public Instant tickAt;

    @Column(name = "evaluated_at")
    public Instant evaluatedAt;

    public String outcome;
    public String detail;

    @Column(name = "run_ids")
    public String runIds;

    @Column(name = "backfill_ids")
    public String backfillIds;
}
