package io.sluice.lake.duckdb.replay;

/** The replay file or the command's arguments are wrong; the message is one line meant for the user. */
public class ReplayInputException extends RuntimeException {

    public ReplayInputException(String message) {
        super(message);
    }

    public ReplayInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
