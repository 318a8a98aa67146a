package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

@Entity
@Table(name = "run_step")
public class RunStepEntity {

    @Embeddable
    public static class StepId implements Serializable {
        @Column(name = "run_id")
        public String runId;

        @Column(name = "step_index")
        public int stepIndex;

        public StepId() {}

        public StepId(String runId, int stepIndex) {
            this.runId = runId;
            this.stepIndex = stepIndex;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof StepId other && other.stepIndex == stepIndex && Objects.equals(other.runId, runId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(runId, stepIndex);
        }
    }

    @EmbeddedId
    public StepId id;

    @Column(name = "asset_key")
    public String assetKey;

    public String status;

    @Column(name = "started_at")
    public Instant startedAt;

    @Column(name = "ended_at")
    public Instant endedAt;

    @Column(name = "key_count")
    public long keyCount;

    @Column(name = "batch_count")
    public long batchCount;

    @Column(name = "rows_written")
    public long rowsWritten;

    public String error;
}
