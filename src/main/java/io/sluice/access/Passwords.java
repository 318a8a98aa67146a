package io.sluice.access;

import io.quarkus.elytron.security.common.BcryptUtil;
import java.util.Optional;

/**
 * Password hashes through Quarkus security's bcrypt (salted, cost 10 by default: slow on purpose), never by hand, and
 * the rule a new password follows.
 */
public final class Passwords {

    /** The shortest password a user may set. */
    public static final int MIN_LENGTH = 12;

    public static final int MAX_LENGTH = 72; // bcrypt reads no more than 72 bytes

    /** A hash of a password no one has, checked when a login names no user so that its answer takes as long. */
    private static final String NOBODY = BcryptUtil.bcryptHash(Secrets.random().substring(0, 20));

    private Passwords() {}

    public static String hash(String password) {
        return BcryptUtil.bcryptHash(password);
    }

    public static boolean matches(String password, String hash) {
        try {
            return password != null && hash != null && BcryptUtil.matches(password, hash);
        } catch (RuntimeException e) {
            return false; // a hash that is not bcrypt's matches nothing
        }
    }

    /** Spends the time of one check, for a login whose user does not exist. */
    public static void checkNobody(String password) {
        matches(password == null ? "" : password, NOBODY);
    }

    /** Why {@code password} cannot be a new password, if it cannot. */
    public static Optional<String> problem(String password) {
        if (password == null || password.isEmpty()) {
            return Optional.of("the new password is missing");
        }
        if (password.length() < MIN_LENGTH) {
            return Optional.of("the new password must have at least " + MIN_LENGTH + " characters");
        }
        if (password.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_LENGTH) {
            return Optional.of("the new password must have at most " + MAX_LENGTH + " bytes");
        }
        return Optional.empty();
    }
}
