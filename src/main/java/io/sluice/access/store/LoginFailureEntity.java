package io.sluice.access.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "login_failure")
public class LoginFailureEntity {
    @Id
    public String subject;

    public int failures;

    @Column(name = "window_start")
    public Instant windowStart;

    @Column(name = "last_at")
    public Instant lastAt;
}
