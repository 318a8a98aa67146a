package io.sluice.access;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Authentication's settings ({@code sluice.auth.*}, documented in application.properties and docs/access.md). */
@ConfigMapping(prefix = "sluice.auth")
public interface AccessConfig {

    /** Whether every page and API call needs a logged-in user or a token. */
    @WithDefault("false")
    boolean enabled();

    /** The first admin's password, for automated set-ups; without it the first start prints a random one. */
    @WithName("admin-password")
    Optional<String> adminPassword();

    /** A session unused this long ends. */
    @WithName("session-idle-timeout")
    @WithDefault("30m")
    Duration sessionIdleTimeout();

    /** A session ends this long after its login, used or not. */
    @WithName("session-lifetime")
    @WithDefault("12h")
    Duration sessionLifetime();

    /** The throttle on failed logins. */
    Throttle throttle();

    /** A token's expiry when its request gives none, and the longest one allowed. */
    @WithName("token-default-lifetime")
    @WithDefault("30d")
    Duration tokenDefaultLifetime();

    @WithName("token-max-lifetime")
    @WithDefault("366d")
    Duration tokenMaxLifetime();

    /** Single sign-on through an OpenID Connect identity provider (the provider itself: {@code quarkus.oidc.*}). */
    SingleSignOn oidc();

    interface SingleSignOn {
        /** Whether users may sign in through the identity provider, and the API accepts its access tokens. */
        @WithDefault("false")
        boolean enabled();

        /** The provider's name on the login page's button: "Sign in with Keycloak". */
        @WithName("provider-name")
        @WithDefault("single sign-on")
        String providerName();

        /** The claim naming the user, the actor Sluice records; {@code sub} when a token lacks it. */
        @WithName("name-claim")
        @WithDefault("preferred_username")
        String nameClaim();

        /**
         * Values of the role claim ({@code quarkus.oidc.roles.role-claim-path}) and the grants each gives, written as a
         * user's grants are ({@code admin}, {@code operator:finance,viewer}).
         */
        Map<String, String> grants();

        /**
         * Whether a role claim's value that is itself a grant ({@code viewer}, {@code operator:finance}) gives it without
         * being listed in {@link #grants()}; false: only listed values count.
         */
        @WithName("direct-grants")
        @WithDefault("true")
        boolean directGrants();
    }

    interface Throttle {
        /** Failed logins of one user, or from one address, allowed within the window before logins are refused. */
        @WithDefault("5")
        int failures();

        @WithDefault("15m")
        Duration window();

        /** The first wait once the failures are used up; it doubles with each further failure. */
        @WithName("first-wait")
        @WithDefault("30s")
        Duration firstWait();

        @WithName("longest-wait")
        @WithDefault("15m")
        Duration longestWait();
    }
}
