package io.sluice.access.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "access_session")
public class SessionEntity {
    @Id
    @Column(name = "id_hash")
    public String idHash;

    @Column(name = "user_name")
    public String userName;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "last_seen_at")
    public Instant lastSeenAt;
}
