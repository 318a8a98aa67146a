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
}
