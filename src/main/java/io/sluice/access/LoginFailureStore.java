package io.sluice.access;

import java.util.List;
import java.util.Optional;

/** The failed-login counts the throttle reads (table {@code login_failure}), shared by every node. */
public interface LoginFailureStore {

    Optional<LoginFailures> find(String subject);

    List<LoginFailures> findAll(List<String> subjects);

    /** Stores the subject's count, replacing the one it had. */
    void put(LoginFailures failures);

    /** Forgets the subject's failures (a successful login). */
    void clear(String subject);
}
