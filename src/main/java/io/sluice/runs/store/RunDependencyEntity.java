package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** Run {@code runId} starts only after run {@code afterRunId} succeeded. */
@Entity
@Table(name = "run_dependency")
public class RunDependencyEntity {

    @Embeddable
    public static class Key implements Serializable {
        @Column(name = "run_id")
        public String runId;

        @Column(name = "after_run_id")
        public String afterRunId;

        public Key() {}

        public Key(String runId, String afterRunId) {
            this.runId = runId;
            this.afterRunId = afterRunId;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(k.runId, runId) && Objects.equals(k.afterRunId, afterRunId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(runId, afterRunId);
        }
    }

    @EmbeddedId
    public Key id;
}
