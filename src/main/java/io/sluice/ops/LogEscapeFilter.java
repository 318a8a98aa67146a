package io.sluice.ops;

import io.quarkus.logging.LoggingFilter;
import io.sluice.text.Text;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.jboss.logmanager.ExtLogRecord;

/**
 * Keeps every server log line one line that says what it says: control characters (CR, LF, the other C0 and C1
 * characters), bidi controls and lone surrogates in a formatted message, and in the message of a logged exception and
 * its causes, are written as visible escapes ({@link Text#escape}). User text reaches the log (a run's reason in its
 * first log line, names and keys in messages); with a line break it could forge a line such as
 * {@code 20:22:00 ERROR [io.sl.security] admin password reset}. Stack traces keep their own lines.
 * Registered on the console by {@code quarkus.log.console.filter}.
 */
@LoggingFilter(name = LogEscapeFilter.NAME)
public final class LogEscapeFilter implements Filter {

    public static final String NAME = "sluice-escape";

    @Override
    public boolean isLoggable(LogRecord record) {
        String formatted = record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : formatted(record);
        String escaped = Text.escape(formatted);
        if (escaped != null && !escaped.equals(formatted)) {
            if (record instanceof ExtLogRecord ext) {
                ext.setMessage(escaped, ExtLogRecord.FormatStyle.NO_FORMAT);
            } else {
                record.setMessage(escaped);
            }
            record.setParameters(null);
        }
        Throwable thrown = record.getThrown();
        if (thrown != null && needsEscape(thrown, new IdentityHashMap<>())) {
            record.setThrown(Escaped.of(thrown, new IdentityHashMap<>()));
        }
        return true;
    }

    private static String formatted(LogRecord record) {
        return new SimpleFormatter().formatMessage(record);
    }

    private static boolean needsEscape(Throwable t, Map<Throwable, Boolean> seen) {
        if (t == null || seen.put(t, Boolean.TRUE) != null) {
            return false;
        }
        String shown = t.toString();
        if (!shown.equals(Text.escape(shown)) || needsEscape(t.getCause(), seen)) {
            return true;
        }
        for (Throwable suppressed : t.getSuppressed()) {
            if (needsEscape(suppressed, seen)) {
                return true;
            }
        }
        return false;
    }

    /** A logged exception as it was, with its first line (and its causes') escaped. */
    static final class Escaped extends Throwable {
        private final String shown;

        private Escaped(String shown, Throwable cause, StackTraceElement[] trace) {
            super(null, cause, true, true);
            this.shown = shown;
            setStackTrace(trace);
        }

        /** The copy of {@code original}; {@code seen} holds those on the way, so that a cycle of causes ends. */
        static Escaped of(Throwable original, Map<Throwable, Boolean> seen) {
            seen.put(original, Boolean.TRUE);
            Throwable cause = original.getCause();
            Escaped copy = new Escaped(
                    Text.escape(original.toString()),
                    cause == null || seen.containsKey(cause) ? null : of(cause, seen),
                    original.getStackTrace());
            for (Throwable suppressed : original.getSuppressed()) {
                if (!seen.containsKey(suppressed)) {
                    copy.addSuppressed(of(suppressed, seen));
                }
            }
            return copy;
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // the original's stack trace is set instead
        }

        @Override
        public String toString() {
            return shown;
        }
    }
}
