package io.sluice.access;

import io.quarkus.runtime.StartupEvent;
import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.PrintStream;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * At start-up: refuses to listen beyond loopback with authentication off ({@link ListenRule}), and on the first start
 * with authentication on and no user, creates {@code admin} (admin of every asset group). Its password is
 * {@code sluice.auth.admin-password} ({@code SLUICE_ADMIN_PASSWORD}) when set, else a random one printed once on the
 * console (standard output, never the log) and to be changed at the first login.
 */
@ApplicationScoped
public class AccessStartup {

    private static final Logger LOG = Logger.getLogger(AccessStartup.class);

    public static final String FIRST_ADMIN = "admin";

    private final AccessConfig config;
    private final UserStore users;
    private final InstantSource clock;
    private final String host;

    public AccessStartup(
            AccessConfig config,
            UserStore users,
            InstantSource clock,
            @ConfigProperty(name = "quarkus.http.host", defaultValue = "0.0.0.0") String host) {
        this.config = config;
        this.users = users;
        this.clock = clock;
        this.host = host;
    }

    void start(@Observes @Priority(1) StartupEvent event) {
        Optional<String> refusal = ListenRule.refusal(config.enabled(), host);
        if (refusal.isPresent()) {
            LOG.error(refusal.get());
            throw new IllegalStateException(refusal.get());
        }
        if (config.oidc().enabled()) {
            String wrong = !config.enabled()
                    ? "sluice.auth.oidc.enabled=true needs authentication on: set SLUICE_AUTH_ENABLED=true as well"
                    : null;
            try {
                SignOnRules.of(config.oidc());
            } catch (IllegalArgumentException e) {
                wrong = e.getMessage();
            }
            if (wrong != null) {
                LOG.error(wrong);
                throw new IllegalStateException(wrong);
            }
        }
        if (config.enabled()) {
            firstAdmin(System.out);
        }
    }

    /** Creates the first admin when there is no user; true when it did. */
    boolean firstAdmin(PrintStream console) {
        if (users.any()) {
            return false;
        }
        Optional<String> given = config.adminPassword().filter(p -> !p.isBlank());
        String password = given.orElseGet(() -> Secrets.password(20));
        User admin = new User(
                FIRST_ADMIN,
                Passwords.hash(password),
                List.of(Grant.everywhere(Role.ADMIN)),
                given.isEmpty(),
                clock.instant(),
                Optional.empty());
        if (!users.create(admin)) {
            return false; // another node created it first
        }
        LOG.infof("created the first user, %s (admin of every asset group)", FIRST_ADMIN);
        if (given.isEmpty()) {
            console.println();
            console.println("*************************************************************************");
            console.println("Sluice created the first user: admin, with the password");
            console.println();
            console.println("    " + password);
            console.println();
            console.println("It is shown this once. Log in at /login: Sluice then asks you for a new password.");
            console.println("(Set SLUICE_ADMIN_PASSWORD before the first start to choose it instead.)");
            console.println("*************************************************************************");
            console.println();
            console.flush();
        }
        return true;
    }
}
