package io.sluice.mcp;

/** A tool call that cannot be answered as asked: its message is the sentence the assistant reads. */
public final class ToolRefused extends RuntimeException {

    public ToolRefused(String message) {
        super(message, null, false, false);
    }
}
