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
@Table(name = "watermark")
public class WatermarkEntity {

    @Embeddable
    public static class WatermarkId implements Serializable {
        @Column(name = "asset_key")
        public String assetKey;

        @Column(name = "partition_key")
        public String partitionKey;

        public WatermarkId() {}

        public WatermarkId(String assetKey, String partitionKey) {
            this.assetKey = assetKey;
            this.partitionKey = partitionKey;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof WatermarkId other
                    && Objects.equals(other.assetKey, assetKey)
                    && Objects.equals(other.partitionKey, partitionKey);
        }

        @Override
        public int hashCode() {
            return Objects.hash(assetKey, partitionKey);
        }
    }

    @EmbeddedId
    public WatermarkId id;

    @Column(name = "wm_value")
    public String value;

    @Column(name = "run_id")
    public String runId;

    @Column(name = "updated_at")
    public Instant updatedAt;
}
