package io.sluice.runs;

import io.sluice.identity.Caller;
import io.sluice.text.Text;
import java.util.Optional;

/**
 * Who acts, until authentication exists: the name a request gives (the body's launchedBy or the X-Sluice-User header),
 * or "anonymous". One rule for every action that records an actor.
 */
public final class Actors {

    public static final String ANONYMOUS = Caller.ANONYMOUS;
    /** The longest name the metadata store keeps (launched_by and actor columns are VARCHAR(200)). */
    public static final int MAX_LENGTH = Caller.MAX_NAME_LENGTH;

    private Actors() {}

    /** The actor to record: {@code actor}, or anonymous when it is missing or blank. */
    public static String name(String actor) {
        return actor == null || actor.isBlank() ? ANONYMOUS : actor;
    }

    /** Why the store cannot keep {@code actor} as given in {@code field}, if it cannot. */
    public static Optional<String> problem(String field, String actor) {
        if (actor != null && actor.length() > MAX_LENGTH) {
            return Optional.of(field + " is longer than " + MAX_LENGTH + " characters");
        }
        return Text.nameProblem(field, actor);
    }

    /** Rejects, as invalid, naming {@code field},, an actor the store cannot keep. */
    public static void require(String field, String actor) {
        problem(field, actor).ifPresent(problem -> {
            throw RequestRejected.invalid(field, problem);
        });
    }
}
