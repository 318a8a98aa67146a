package io.sluice.pools.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "pool_limit")
public class PoolLimitEntity {
    @Id
    public String name;

    @Column(name = "pool_limit")
    public int limit;

    @Column(name = "updated_at")
    public Instant updatedAt;
}
