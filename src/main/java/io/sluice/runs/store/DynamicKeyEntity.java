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
@Table(name = "dynamic_partition_key")
public class DynamicKeyEntity {

    @Embeddable
    public static class Key implements Serializable {
        public String name;

        @Column(name = "partition_key")
        public String partitionKey;

        public Key() {}

        public Key(String name, String partitionKey) {
            this.name = name;
            this.partitionKey = partitionKey;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(k.name, name) && Objects.equals(k.partitionKey, partitionKey);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, partitionKey);
        }
    }

    @EmbeddedId
    public Key id;

    @Column(name = "added_at")
    public Instant addedAt;

    public long seq;
}
