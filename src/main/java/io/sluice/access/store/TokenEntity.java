package io.sluice.access.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "api_token")
public class TokenEntity {
    @Id
    public String id;

    @Column(name = "secret_hash")
    public String secretHash;

    @Column(name = "user_name")
    public String userName;

    public String name;

    public String grants;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "expires_at")
    public Instant expiresAt;

    @Column(name = "revoked_at")
    public Instant revokedAt;

    @Column(name = "last_used_at")
    public Instant lastUsedAt;
}
