package io.sluice.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The first start: admin is created once, with a printed random password to change, or with the configured one. */
class AccessStartupTest {

    /** Users in memory. */
    static final class Users implements UserStore {
        final List<User> users = new ArrayList<>();

        @Override
        public Optional<User> find(String name) {
            return users.stream().filter(u -> u.name().equals(name)).findFirst();
        }

        @Override
        public boolean any() {
            return !users.isEmpty();
        }

        @Override
        public List<User> all() {
            return users;
        }

        @Override
        public boolean create(User user) {
            return find(user.name()).isEmpty() && users.add(user);
        }

        @Override
        public boolean setPassword(String name, String passwordHash, boolean mustChange) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean setGrants(String name, List<Grant> grants) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean setDisabled(String name, Optional<Instant> at) {
            throw new UnsupportedOperationException();
        }
    }

    static AccessConfig config(Optional<String> adminPassword) {
        return new AccessConfig() {
            @Override
            public boolean enabled() {
                return true;
            }

            @Override
            public Optional<String> adminPassword() {
                return adminPassword;
            }

            @Override
            public Duration sessionIdleTimeout() {
                return Duration.ofMinutes(30);
            }

            @Override
            public Duration sessionLifetime() {
                return Duration.ofHours(12);
            }

            @Override
            public Throttle throttle() {
                return null;
            }

            @Override
            public Duration tokenDefaultLifetime() {
                return Duration.ofDays(30);
            }

            @Override
            public Duration tokenMaxLifetime() {
                return Duration.ofDays(366);
            }

            @Override
            public SingleSignOn oidc() {
                return null;
            }
        };
    }

    @Test
    void theFirstStartCreatesAdminWithARandomPasswordPrintedOnceAndToBeChanged() {
        Users users = new Users();
        AccessStartup startup =
                new AccessStartup(config(Optional.empty()), users, InstantSource.fixed(Instant.EPOCH), "127.0.0.1");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(startup.firstAdmin(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .isTrue();
        String console = out.toString(StandardCharsets.UTF_8);
        Matcher printed = Pattern.compile("\n    (\\S{20})\n").matcher(console);
        assertThat(printed.find()).as("the password is printed: %s", console).isTrue();
        User admin = users.find("admin").orElseThrow();
        assertThat(admin.grants()).containsExactly(Grant.everywhere(Role.ADMIN));
        assertThat(admin.mustChangePassword()).isTrue();
        assertThat(Passwords.matches(printed.group(1), admin.passwordHash())).isTrue();
        assertThat(console).contains("/login").contains("SLUICE_ADMIN_PASSWORD");

        ByteArrayOutputStream again = new ByteArrayOutputStream();
        assertThat(startup.firstAdmin(new PrintStream(again, true, StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(again.size()).as("a second start prints nothing").isZero();
    }

    @Test
    void aConfiguredPasswordIsUsedWithoutAForcedChangeAndNotPrinted() {
        Users users = new Users();
        AccessStartup startup = new AccessStartup(
                config(Optional.of("set-by-automation-123")), users, InstantSource.fixed(Instant.EPOCH), "0.0.0.0");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(startup.firstAdmin(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .isTrue();
        User admin = users.find("admin").orElseThrow();
        assertThat(admin.mustChangePassword()).isFalse();
        assertThat(Passwords.matches("set-by-automation-123", admin.passwordHash()))
                .isTrue();
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("set-by-automation-123");
    }
}
