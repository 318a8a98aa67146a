package io.sluice.automation.store;

import jakarta.persistence.Column;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/**
 * The cursor of a schedule, sensor or trigger, apart from its state row: written only when it changes, never by the
 * lock a tick takes on the state row.
 */
@Entity
@Table(name = "automation_cursor")
public class AutomationCursorEntity {

    @EmbeddedId
    public AutomationStateEntity.Id id;

    @Column(name = "cursor_value")
    public String cursor;
}
