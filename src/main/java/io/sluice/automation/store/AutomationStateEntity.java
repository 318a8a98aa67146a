package io.sluice.automation.store;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;

@Entity
@Table(name = "automation_state")
public class AutomationStateEntity {

    @Embeddable
    public record Id(String kind, String name) implements Serializable {}

    @EmbeddedId
    public Id id;

    public String status;

    @Column(name = "started_at")
    public Instant startedAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    /** The middle of the sensor slot last evaluated, in epoch milliseconds ({@code SensorSlots}); null: none. */
    @Column(name = "last_slot")
    public Long lastSlot;
}
