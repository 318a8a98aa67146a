package io.sluice.cluster;

/**
 * This node must not start, for a reason one line says (with what to do): {@code SluiceMain} prints that line, prefixed
 * with "Sluice cannot start: ", and exits with status 1.
 */
public class StartRefused extends RuntimeException {

    public StartRefused(String line) {
        super(line, null, false, false);
    }
}
