package io.sluice.runs;

import java.util.List;

/**
 * A request that cannot be carried out; nothing was stored. Each kind says why, in the domain's terms, with the field at
 * fault and a detail in the user's words: the thing asked for does not exist ({@link NotFound}), the state it is in does
 * not allow it ({@link Conflict}), the request was read but asks for what is not allowed ({@link Invalid}), or it cannot
 * be read as what it must be ({@link Unreadable}). The faces (API, pages) decide how to answer each kind.
 */
public abstract sealed class RequestRejected extends RuntimeException
        permits RequestRejected.NotFound,
                RequestRejected.Conflict,
                RequestRejected.Invalid,
                RequestRejected.Unreadable {

    private final String field;
    private final List<String> candidates;

    private RequestRejected(String field, String detail) {
        this(field, detail, List.of());
    }

    private RequestRejected(String field, String detail, List<String> candidates) {
        super(detail);
        this.field = field;
        this.candidates = List.copyOf(candidates);
    }

    /** What the request names (an asset, a run, a pool, a group of runs) does not exist. */
    public static final class NotFound extends RequestRejected {
        public NotFound(String field, String detail) {
            super(field, detail);
        }
    }

    /** What the request names exists, but its state does not allow this now (already ended, busy, being retried). */
    public static final class Conflict extends RequestRejected {
        public Conflict(String field, String detail) {
            super(field, detail);
        }
    }

    /** The request was read but asks for what is not allowed (range, length, characters, duplicates, a rule). */
    public static final class Invalid extends RequestRejected {
        public Invalid(String field, String detail) {
            super(field, detail);
        }

        Invalid(String field, String detail, List<String> candidates) {
            super(field, detail, candidates);
        }
    }

    /** The request cannot be read as what it must be (syntax, JSON type, encoding, a missing body). */
    public static final class Unreadable extends RequestRejected {
        public Unreadable(String field, String detail) {
            super(field, detail);
        }
    }

    public static NotFound notFound(String field, String detail) {
        return new NotFound(field, detail);
    }

    public static Conflict conflict(String field, String detail) {
        return new Conflict(field, detail);
    }

    /** A request that cannot be read as what it must be (syntax, JSON type, encoding). */
    public static Unreadable malformed(String field, String detail) {
        return new Unreadable(field, detail);
    }

    /** A request that was read but asks for what is not allowed (range, length, characters, duplicates, a rule). */
    public static Invalid invalid(String field, String detail) {
        return new Invalid(field, detail);
    }

    /**
     * What the request names is the end of several ids (a short id): {@link Invalid}, with the ids it could mean, so
     * that the user can choose one.
     */
    public static Invalid ambiguous(String field, String detail, List<String> candidates) {
        return new Invalid(field, detail, candidates);
    }

    /** The ids a short id could mean, when it was refused for meaning several; empty otherwise. */
    public List<String> candidates() {
        return candidates;
    }

    /** The request field at fault, like {@code config.firms}; null when it is the whole request. */
    public String field() {
        return field;
    }

    /** An unmodifiable copy of a request's list field (empty if absent); a null element is {@link Invalid}, naming it like {@code keys[2]}. */
    public static <T> List<T> listWithoutNulls(String field, List<T> list) {
        if (list == null) {
            return List.of();
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw invalid(field + "[" + i + "]", field + "[" + i + "] is null");
            }
        }
        return List.copyOf(list);
    }
}
