package io.sluice.runs.store;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

@Entity
@Table(name = "active_partition")
public class ActivePartitionEntity {

    @Embeddable
    public static class Key implements Serializable {
        @Column(name = "asset_key")
        public String assetKey;

        @Column(name = "partition_key")
        public String partitionKey;

        public Key() {}

        public Key(String assetKey, String partitionKey) {
            this.assetKey = assetKey;
            this.partitionKey = partitionKey;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && Objects.equals(k.assetKey, assetKey)
                    && Objects.equals(k.partitionKey, partitionKey);
        }

        @Override
        public int hashCode() {
            return Objects.hash(assetKey, partitionKey);
        }
    }

    @EmbeddedId
    public Key id;

    @Column(name = "run_id")
    public String runId;
}
