package io.sluice.runs;

/** A request that cannot be carried out (bad input, unknown thing, wrong state); nothing was stored. Maps to an HTTP 4xx problem. */
public class RequestRejected extends RuntimeException {

    private final int status;
    private final String field;

    public RequestRejected(int status, String field, String detail) {
        super(detail);
        this.status = status;
        this.field = field;
    }

    public static RequestRejected notFound(String field, String detail) {
        return new RequestRejected(404, field, detail);
    }

    public static RequestRejected conflict(String field, String detail) {
        return new RequestRejected(409, field, detail);
    }

    /** A request that cannot be read as what it must be (syntax, JSON type, encoding): 400. */
    public static RequestRejected malformed(String field, String detail) {
        return new RequestRejected(400, field, detail);
    }

    /** A request that was read but asks for what is not allowed (range, length, characters, duplicates, a rule): 422. */
    public static RequestRejected invalid(String field, String detail) {
        return new RequestRejected(422, field, detail);
    }

    public int status() {
        return status;
    }

    /** The request field at fault, like {@code config.firms}; null when it is the whole request. */
    public String field() {
        return field;
    }

    /** An unmodifiable copy of a request's list field (empty if absent); a null element is a 422 naming it, like {@code keys[2]}. */
    public static <T> java.util.List<T> listWithoutNulls(String field, java.util.List<T> list) {
        if (list == null) {
            return java.util.List.of();
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw invalid(field + "[" + i + "]", field + "[" + i + "] is null");
            }
        }
        return java.util.List.copyOf(list);
    }
}
