package io.sluice.identity;

import io.sluice.text.Text;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Who acts: the name recorded as the actor of a run, a backfill, a switch and an audit event, and how Sluice knows it.
 * A request's caller comes from {@link #claimed}, one rule for the API and the pages; Sluice's own automation acts as a
 * service identity ({@link #schedule}, {@link #sensor}, {@link #trigger}, {@link #system}), whose names no request may
 * claim. Build callers through these factories only, never the constructor: later kinds of identification (a token, a
 * session, single sign-on) and roles come in as new factories and components without changing a caller's code.
 */
public record Caller(String name, Identified by, List<Grant> grants) {

    /** The longest name the metadata store keeps (launched_by and actor columns are VARCHAR(200)). */
    public static final int MAX_NAME_LENGTH = 200;

    /** Who acts when a request names no one. */
    public static final String ANONYMOUS = "anonymous";

    /** How Sluice knows who acts. */
    public enum Identified {
        /** The request named no one. */
        ANONYMOUS,
        /** The request said who it is (the X-Sluice-User header, a launch body's launchedBy), unchecked. */
        CLAIMED,
        /** Sluice's own automation: a schedule, a sensor, a trigger, the system. */
        SERVICE,
        /** A user logged in on the pages: a session cookie (authentication on). */
        SESSION,
        /** A user's personal API token sent as {@code Authorization: Bearer} (authentication on). */
        TOKEN,
        /**
         * A user an OpenID Connect identity provider vouches for (single sign-on, authentication on): its session on the
         * pages or its access token on the API.
         */
        SINGLE_SIGN_ON;

        public boolean isService() {
            return this == SERVICE;
        }
    }

    /**
     * What every caller may do while authentication is off: Sluice then listens on the loopback interface only, and
     * whoever reaches it may do everything, as with {@code dagster dev}. Sluice's own automation has it too.
     */
    public static final List<Grant> UNRESTRICTED = List.of(Grant.everywhere(Role.ADMIN));

    public Caller {
        Objects.requireNonNull(by, "by");
        grants = List.copyOf(grants);
        Optional<String> problem = nameProblem("name", name);
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
    }

    public static Caller anonymous() {
        return new Caller(ANONYMOUS, Identified.ANONYMOUS, UNRESTRICTED);
    }

    /** A request that no one is authenticated for, with authentication on: it may do nothing. */
    public static Caller unauthenticated() {
        return new Caller(ANONYMOUS, Identified.ANONYMOUS, List.of());
    }

    /**
     * The caller a request names in {@code field}: anonymous when it names no one (missing or blank), else that name.
     *
     * @throws CallerRefused when the name is too long, holds characters the trail cannot show as they are, or is
     *     reserved for Sluice's own automation (see {@link #isReserved})
     */
    public static Caller claimed(String field, String given) {
        if (given == null || given.isBlank()) {
            return anonymous();
        }
        Optional<String> problem = nameProblem(field, given);
        if (problem.isPresent()) {
            throw new CallerRefused(field, problem.get(), false);
        }
        if (isReserved(given)) {
            throw new CallerRefused(
                    field,
                    field + " names " + Text.quote(given.strip()) + ", a name reserved for Sluice's own automation"
                            + " (schedules, sensors, triggers and the system); send your own name instead",
                    true);
        }
        return new Caller(given, Identified.CLAIMED, UNRESTRICTED);
    }

    /**
     * A user who logged in on the pages, with the grants stored for them.
     *
     * @throws IllegalArgumentException when the name cannot be kept as an actor
     */
    public static Caller session(String user, List<Grant> grants) {
        return authenticated(user, Identified.SESSION, grants);
    }

    /**
     * A user acting through one of their API tokens, with the token's grants (never more than the user's).
     *
     * @throws IllegalArgumentException when the name cannot be kept as an actor
     */
    public static Caller token(String user, List<Grant> grants) {
        return authenticated(user, Identified.TOKEN, grants);
    }

    /**
     * A user of the identity provider (single sign-on), with the grants its role claim maps to (none: it may do nothing).
     *
     * @throws IllegalArgumentException when the name cannot be kept as an actor or is reserved for Sluice's automation
     */
    public static Caller singleSignOn(String user, List<Grant> grants) {
        return authenticated(user, Identified.SINGLE_SIGN_ON, grants);
    }

    private static Caller authenticated(String user, Identified by, List<Grant> grants) {
        if (isReserved(user)) {
            throw new IllegalArgumentException("user " + user + " has a name reserved for Sluice's own automation");
        }
        return new Caller(user, by, grants);
    }

    /**
     * Whether Sluice checked who this caller is (a session, a token, single sign-on), rather than taking a request's word.
     */
    public boolean authenticated() {
        return by == Identified.SESSION || by == Identified.TOKEN || by == Identified.SINGLE_SIGN_ON;
    }

    /** Who a schedule's launches are launched by. */
    public static Caller schedule(String schedule) {
        return new Caller(Service.SCHEDULE.prefix() + schedule, Identified.SERVICE, UNRESTRICTED);
    }

    /** Who launches what a sensor asks for. */
    public static Caller sensor(String sensor) {
        return new Caller(Service.SENSOR.prefix() + sensor, Identified.SERVICE, UNRESTRICTED);
    }

    /** Who launches what asset-dependency triggers decide. */
    public static Caller trigger() {
        return new Caller(Service.TRIGGER.word(), Identified.SERVICE, UNRESTRICTED);
    }

    /** Sluice itself: recovery after a restart, a run or backfill ended by the engine. */
    public static Caller system() {
        return new Caller(Service.SLUICE.word(), Identified.SERVICE, UNRESTRICTED);
    }

    /** Whether this caller may do {@code action} whatever it touches (reading: whether it holds any grant). */
    public boolean may(Action action) {
        return action == Action.READ ? !grants.isEmpty() : grants.stream().anyMatch(g -> g.allowsEverywhere(action));
    }

    /**
     * Whether this caller may do {@code action} on the assets of at least one asset group (an operator of {@code finance}
     * may launch, though not everywhere): what decides whether a page shows the action's buttons at all.
     */
    public boolean maySomewhere(Action action) {
        return may(action)
                || action.scoped() && grants.stream().anyMatch(g -> g.role().covers(action.needs()));
    }

    /** Whether this caller may do {@code action} on {@code asset}, written {@code group/name}. */
    public boolean may(Action action, String asset) {
        if (!action.scoped()) {
            return may(action);
        }
        String group = groupOf(asset);
        return grants.stream().anyMatch(g -> g.allowsEverywhere(action) || g.allows(action, group));
    }

    /**
     * Refuses what this caller may not do whatever it touches.
     *
     * @throws NotAllowed naming the action and the role it needs
     */
    public void require(Action action) {
        if (!may(action)) {
            throw new NotAllowed(
                    action,
                    null,
                    name + " may not " + action.doing() + ": that needs the "
                            + action.needs().word() + " role"
                            + (action.scoped() || action == Action.READ ? "" : " for every asset group")
                            + heldGrants());
        }
    }

    /**
     * Refuses what this caller may not do on any of {@code assets} (each written {@code group/name}), naming the first
     * asset outside its groups.
     *
     * @throws NotAllowed naming the action, the asset and the role it needs
     */
    public void require(Action action, Collection<String> assets) {
        if (!action.scoped()) {
            require(action);
            return;
        }
        for (String asset : assets) {
            if (!may(action, asset)) {
                throw new NotAllowed(
                        action,
                        asset,
                        name + " may not " + action.doing() + " " + asset + ": that needs the "
                                + action.needs().word() + " role for asset group " + groupOf(asset) + heldGrants());
            }
        }
    }

    private String heldGrants() {
        return grants.isEmpty()
                ? " (it holds no role)"
                : " (it holds " + grants.stream().map(Grant::toString).collect(Collectors.joining(", ")) + ")";
    }

    /** The group of an asset written {@code group/name}: its first part. */
    static String groupOf(String asset) {
        int slash = asset.indexOf('/');
        return slash < 0 ? asset : asset.substring(0, slash);
    }

    /**
     * Whether a request may not claim {@code name}, compared after trimming and ignoring case: it is a service's name
     * ({@code trigger}, {@code sluice}, {@code system}, {@code schedule} or {@code sensor}, alone or followed by
     * {@code :} and anything), or {@code web-ui}, which the pages recorded for themselves before callers were resolved
     * in one place.
     */
    public static boolean isReserved(String name) {
        if (name == null) {
            return false;
        }
        String n = name.strip().toLowerCase(Locale.ROOT);
        for (Service s : Service.values()) {
            if (n.equals(s.word()) || s.prefixed() && n.startsWith(s.prefix())) {
                return true;
            }
        }
        return false;
    }

    /** Why {@code name}, given as {@code field}, cannot be kept as an actor, if it cannot. */
    public static Optional<String> nameProblem(String field, String name) {
        if (name == null || name.isBlank()) {
            return Optional.of(field + " must not be blank");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            return Optional.of(field + " is longer than " + MAX_NAME_LENGTH + " characters");
        }
        return Text.nameProblem(field, name);
    }

    /** The names of Sluice's own automation, and of the pages as they were recorded before. */
    private enum Service {
        SCHEDULE("schedule", true),
        SENSOR("sensor", true),
        TRIGGER("trigger", true),
        SLUICE("sluice", true),
        SYSTEM("system", true),
        WEB_UI("web-ui", false);

        private final String word;
        private final boolean prefixed;

        Service(String word, boolean prefixed) {
            this.word = word;
            this.prefixed = prefixed;
        }

        String word() {
            return word;
        }

        String prefix() {
            return word + ":";
        }

        boolean prefixed() {
            return prefixed;
        }
    }
}
