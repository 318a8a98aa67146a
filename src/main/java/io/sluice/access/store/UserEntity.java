package io.sluice.access.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "sluice_user")
public class UserEntity {
    @Id
    public String name;

    @Column(name = "password_hash")
    public String passwordHash;

    public String grants;

    @Column(name = "must_change")
    public boolean mustChange;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "disabled_at")
    public Instant disabledAt;
}
