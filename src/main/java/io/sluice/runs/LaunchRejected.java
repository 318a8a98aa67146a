package io.sluice.runs;

/** A request that cannot be carried out; nothing was stored. Maps to an HTTP 4xx problem. */
public class LaunchRejected extends RuntimeException {

    private final int status;
    private final String field;

    public LaunchRejected(int status, String field, String detail) {
        super(detail);
        this.status = status;
        this.field = field;
    }

    public static LaunchRejected notFound(String field, String detail) {
        return new LaunchRejected(404, field, detail);
    }

    public static LaunchRejected invalid(String field, String detail) {
        return new LaunchRejected(422, field, detail);
    }

    public int status() {
        return status;
    }

    /** The request field at fault, like {@code config.firms}; null when it is the whole request. */
    public String field() {
        return field;
    }
}
