package io.sluice.client;

/** Why a command stops, as one line and an exit code: never a stack trace. */
final class CliFailure extends RuntimeException {

    /** The run or backfill failed, or the server could not do what was asked. */
    static final int FAILED = 1;
    /** Bad arguments or a request the server refused as invalid. */
    static final int USAGE = 2;
    /** The server cannot be reached, or does not accept the caller. */
    static final int UNREACHABLE = 3;

    private final int exitCode;

    CliFailure(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
