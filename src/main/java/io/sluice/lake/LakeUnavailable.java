package io.sluice.lake;

/** The lake cannot be opened or used; the message names the file and what to do. */
public class LakeUnavailable extends RuntimeException {
    public LakeUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
