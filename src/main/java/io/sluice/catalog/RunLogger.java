package io.sluice.catalog;

/** Log lines of one run; they are stored with the run, not only in the server log. */
public interface RunLogger {

    void info(String message);

    void warn(String message);

    void error(String message);
}
